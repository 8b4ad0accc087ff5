/** Full screen across browsers (Safari's webkit prefix), never an error when refused. */
type FullscreenElement = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void };
type FullscreenDocument = Document & {
  webkitFullscreenElement?: Element | null;
  webkitExitFullscreen?: () => Promise<void> | void;
};

export function fullscreenElement(): Element | null {
  const doc = document as FullscreenDocument;
  return doc.fullscreenElement ?? doc.webkitFullscreenElement ?? null;
}

export async function enterFullscreen(element: FullscreenElement): Promise<void> {
  // Only right after a tap (Start Class, the button): opened by a reload or Back/Forward, the
  // browser would refuse and log it.
  if (navigator.userActivation && !navigator.userActivation.isActive) return;
  try {
    if (element.requestFullscreen) await element.requestFullscreen({ navigationUI: 'hide' });
    else await element.webkitRequestFullscreen?.();
  } catch {
    /* not allowed here (no user gesture, iPhone): the fixed overlay already fills the screen */
  }
}

export async function exitFullscreen(): Promise<void> {
  const doc = document as FullscreenDocument;
  try {
    if (doc.exitFullscreen) await doc.exitFullscreen();
    else await doc.webkitExitFullscreen?.();
  } catch {
    /* already out */
  }
}
