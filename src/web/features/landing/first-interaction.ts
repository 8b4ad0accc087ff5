/**
 * The landing page painted from the HTML is the page until the visitor's first interaction
 * (decision 0039, amending 0030). index.html carries the landing page rendered at build time
 * (landing-markup.tsx); on a signed-out `/`, the owner app's script is not even downloaded at load:
 * the entry (main.tsx) watches the painted page and starts the app at the first sign of a person
 * (a pointer moved or pressed, a touch, a key, a wheel or a scroll, focus arriving) or at once when
 * the session turns out to be signed in.
 *
 * Meanwhile the painted page is a real page: links and buttons can be focused and pressed, fields
 * typed into, the keyboard tabs through it and screen readers read it. Nothing done there is lost
 * when React's own landing page takes its place (`adoptPaintedLanding`, in the layout effect of its
 * first commit): what was typed or checked goes into the same fields, focus (and the caret) moves
 * to the same control, and every press of a link or button, held back meanwhile, is made again on
 * the same control of React's page, in order, so it does what React's page does with it. A press
 * still held when React's page arrives is completed on React's control when it is released.
 *
 * Kept small and free of imports: it is part of the entry script, the only script `/` runs at load.
 */

/** What starts the app: any sign of a person at the page. */
export const START_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
] as const;

/** The header's theme toggle (components/theme-toggle.tsx): it works on the painted page itself. */
const THEME_TOGGLE = 'button[aria-label="Toggle theme"][aria-pressed]';

/** Where the visitor's theme is kept (lib/theme.tsx THEME_STORAGE_KEY, read by theme-init.js). */
export const THEME_KEY = 'cadence-theme';

/** Controls whose press does something on React's page (held back, then made again there). */
const PRESSABLE = 'a[href], button';

/** Every control, matched between the painted page and React's page by position. */
const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Watch {
  /** The painted page (the landing page's root element inside #landing-first-paint). */
  painted: Element;
  /** Presses held back, in order. */
  presses: Element[];
  /** A pointer or Space key pressed on a control and not yet released. */
  held: { control: Element; by: 'pointer' | 'space' } | null;
  /** The theme was switched on the painted page. */
  themeToggled: boolean;
  stop: () => void;
}

let watch: Watch | null = null;

function isField(element: Element | null): element is Field {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

function pressable(target: EventTarget | null, root: Element): Element | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest(PRESSABLE);
  return control && root.contains(control) ? control : null;
}

/**
 * Watches the painted page in `container` (#landing-first-paint): holds back presses, and calls
 * `start` once, at the first interaction (or when `startNow` is set, at once). Answers a function
 * that starts the app now (a signed-in session found meanwhile); false when nothing is painted.
 */
export function watchPaintedLanding(
  container: Element,
  start: () => void,
  { startNow = false, win = window }: { startNow?: boolean; win?: Window } = {},
): (() => void) | false {
  const painted = container.firstElementChild;
  if (!painted) return false;
  const doc = container.ownerDocument;

  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    for (const type of START_EVENTS) win.removeEventListener(type, startOnce, true);
    start();
  };

  const current: Watch = {
    painted,
    presses: [],
    held: null,
    themeToggled: false,
    stop: () => undefined,
  };
  // The theme toggle says which theme is on (the HTML was rendered in the light one), and is
  // pressed here at once: the theme is the page's, not React's (React's page reads it back).
  const showTheme = () => {
    const dark = doc.documentElement.classList.contains('dark');
    for (const toggle of painted.querySelectorAll(THEME_TOGGLE)) {
      toggle.setAttribute('aria-pressed', String(dark));
      toggle.setAttribute('title', dark ? 'Switch to light theme' : 'Switch to dark theme');
    }
  };
  showTheme();
  const toggleTheme = () => {
    const dark = doc.documentElement.classList.toggle('dark');
    try {
      win.localStorage.setItem(THEME_KEY, dark ? 'dark' : 'light');
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
    current.themeToggled = true;
    showTheme();
  };
  // A press on a link or a button waits for React's page (where it is made again); a modified
  // click on a link (a new tab or window) is the browser's own, as it would be on React's page.
  const onClick = (event: MouseEvent) => {
    const control = pressable(event.target, painted);
    if (!control) return;
    if (control instanceof HTMLAnchorElement && (event.ctrlKey || event.metaKey || event.shiftKey))
      return;
    event.preventDefault();
    current.held = null;
    if (control.matches(THEME_TOGGLE)) toggleTheme();
    else current.presses.push(control);
  };
  // Never a native submission (a GET would put the fields in the address): the press of the
  // submit button is held back above; a submission without one presses the form's submit button.
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const button =
      event.submitter ?? form.querySelector('button[type="submit"], button:not([type])');
    if (button && !current.presses.includes(button)) current.presses.push(button);
  };
  const onPointerDown = (event: PointerEvent) => {
    const control = pressable(event.target, painted);
    current.held = control && event.button === 0 ? { control, by: 'pointer' } : null;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const control = pressable(event.target, painted);
    if (control && event.key === ' ' && control instanceof HTMLButtonElement)
      current.held = { control, by: 'space' };
  };
  const release = () => {
    current.held = null;
  };

  painted.addEventListener('click', onClick as EventListener, true);
  painted.addEventListener('submit', onSubmit as EventListener, true);
  painted.addEventListener('pointerdown', onPointerDown as EventListener, true);
  painted.addEventListener('keydown', onKeyDown as EventListener, true);
  win.addEventListener('pointerup', release, true);
  win.addEventListener('pointercancel', release, true);
  win.addEventListener('keyup', release, true);
  current.stop = () => {
    painted.removeEventListener('click', onClick as EventListener, true);
    painted.removeEventListener('submit', onSubmit as EventListener, true);
    painted.removeEventListener('pointerdown', onPointerDown as EventListener, true);
    painted.removeEventListener('keydown', onKeyDown as EventListener, true);
    win.removeEventListener('pointerup', release, true);
    win.removeEventListener('pointercancel', release, true);
    win.removeEventListener('keyup', release, true);
    for (const type of START_EVENTS) win.removeEventListener(type, startOnce, true);
  };
  watch?.stop();
  watch = current;

  if (startNow) startOnce();
  else {
    for (const type of START_EVENTS)
      win.addEventListener(type, startOnce, { capture: true, passive: true });
    // Already focused inside (restored by the browser): a person is here.
    if (doc.activeElement && painted.contains(doc.activeElement)) startOnce();
  }
  return startOnce;
}

/** The twin on React's page of each painted control (same position among the controls, same kind). */
function twinsOf(painted: Element, page: Element): Map<Element, Element> {
  const from = painted.querySelectorAll(CONTROLS);
  const to = page.querySelectorAll(CONTROLS);
  const twins = new Map<Element, Element>();
  from.forEach((control, index) => {
    const twin = to[index];
    if (!twin || twin.tagName !== control.tagName) return;
    if (isField(control) && (!isField(twin) || twin.name !== control.name)) return;
    twins.set(control, twin);
  });
  return twins;
}

/** What the visitor typed or checked (a field whose state differs from its markup's). */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/** Sets a field as typing would, so React's onChange (and the form library) sees the value. */
function fill(field: Field, from: Field): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== (from as HTMLInputElement).checked) field.click();
    return;
  }
  if (field.value === from.value) return;
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(field, from.value);
  else field.value = from.value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

function caretOf(field: Field): [number, number] | null {
  try {
    if (field instanceof HTMLSelectElement || field.selectionStart === null) return null;
    return [field.selectionStart, field.selectionEnd ?? field.selectionStart];
  } catch {
    return null; // a field type without a caret
  }
}

/**
 * React's landing page (`page`, its root element, just committed) takes the painted page's place:
 * the fields' values and focus carried over, the held-back presses made again (after this commit,
 * one at a time, so each sees what the one before it did). Removing the painted page is the
 * caller's (lib/first-paint.ts `dropLandingFirstPaint`, right after), and so is taking up a theme
 * switched on the painted page (answered). `schedule` runs a step after React has committed the
 * previous one (a macrotask by default).
 */
export function adoptPaintedLanding(
  page: Element,
  schedule: (step: () => void) => void = (step) => setTimeout(step, 0),
): { themeToggled: boolean } {
  const current = watch;
  watch = null;
  if (!current) return { themeToggled: false };
  current.stop();
  const { painted, themeToggled } = current;
  if (!painted.isConnected) return { themeToggled };
  const doc = page.ownerDocument;
  const twins = twinsOf(painted, page);

  // What was typed, into the same fields.
  const typed: Array<{ from: Field; name: string }> = [];
  for (const [control, twin] of twins) {
    if (!isField(control) || !isField(twin) || !changed(control)) continue;
    fill(twin, control);
    if (control.name) typed.push({ from: control, name: control.name });
  }

  // Focus (and the caret) on the same control.
  const active = doc.activeElement;
  const focusTwin = active ? twins.get(active) : undefined;
  if (active && focusTwin instanceof HTMLElement) {
    focusTwin.focus({ preventScroll: true });
    const caret = isField(active) ? caretOf(active) : null;
    if (caret && isField(focusTwin)) {
      try {
        (focusTwin as HTMLInputElement).setSelectionRange(caret[0], caret[1]);
      } catch {
        /* a field type without a caret */
      }
    }
  }

  // A press still held: completed on React's control when released over it.
  if (current.held) {
    const twin = twins.get(current.held.control);
    if (twin) finishHeldPress(twin, current.held.by, doc);
  }

  // The presses, in order, each after React has committed the one before. A press can replace
  // fields (e.g. 'Sign In' turns the card from sign-up to sign-in): what was typed into a field
  // gone goes into the field of the same name now shown, if empty, and a submit button gone
  // submits the form now holding those fields (the visitor typed, then pressed Enter or the
  // button, into the card as it was painted).
  const refill = () => {
    for (const entry of typed) {
      const target = page.querySelector(`[name="${CSS.escape(entry.name)}"]`);
      if (!isField(target) || target === twins.get(entry.from) || target.value !== '') continue;
      fill(target, entry.from);
      if (active === entry.from) target.focus({ preventScroll: true });
    }
  };
  const steps = current.presses.map((control) => ({ control, twin: twins.get(control) }));
  if (steps.length === 0) return { themeToggled };
  const next = () => {
    refill();
    const step = steps.shift();
    if (!step) return;
    let target = step.twin?.isConnected ? step.twin : undefined;
    if (!target && isSubmitButton(step.control)) target = submitButtonFor(page, typed);
    if (target instanceof HTMLElement) target.click();
    schedule(next);
  };
  schedule(next);
  return { themeToggled };
}

function isSubmitButton(control: Element): boolean {
  return control instanceof HTMLButtonElement && control.type === 'submit' && !!control.form;
}

/** The submit button of the form on React's page that holds fields of the names typed. */
function submitButtonFor(page: Element, typed: Array<{ name: string }>): Element | undefined {
  for (const { name } of typed) {
    const field = page.querySelector(`[name="${CSS.escape(name)}"]`);
    const button = isField(field) ? field.form?.querySelector('button[type="submit"]') : null;
    if (button) return button;
  }
  return undefined;
}

/**
 * The painted control under a pointer (or a Space key) went away mid-press: its release makes the
 * press on React's control, if the browser did not (a release over it, or the key let go).
 */
function finishHeldPress(twin: Element, by: 'pointer' | 'space', doc: Document): void {
  const win = doc.defaultView;
  if (!win) return;
  let clicked = false;
  const onClick = () => {
    clicked = true;
  };
  twin.addEventListener('click', onClick, true);
  const type = by === 'pointer' ? 'pointerup' : 'keyup';
  const onRelease = (event: Event) => {
    win.removeEventListener(type, onRelease, true);
    if (by === 'space' && (event as KeyboardEvent).key !== ' ') return;
    if (by === 'pointer') {
      const { clientX, clientY } = event as PointerEvent;
      const under = doc.elementFromPoint(clientX, clientY);
      if (!under || !twin.contains(under)) {
        twin.removeEventListener('click', onClick, true);
        return;
      }
    }
    // After the browser's own click, if it makes one.
    setTimeout(() => {
      twin.removeEventListener('click', onClick, true);
      if (!clicked && twin.isConnected) (twin as HTMLElement).click();
    }, 0);
  };
  win.addEventListener(type, onRelease, true);
}
