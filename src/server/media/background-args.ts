/**
 * The built-in backgrounds. Each is drawn by ffmpeg (geq) at the video's own size when needed, so
 * nothing is downloaded, shipped or licensed: the pictures are this code.
 */
export interface BackgroundChoice {
  id: string;
  /** How processingNotes names it. */
  label: string;
  /** The words that pick it, lower case. */
  keywords: readonly string[];
  /** An ffmpeg filter drawing it on an rgb24 canvas of W x H (or a plain colour). */
  draw: { kind: 'geq'; r: string; g: string; b: string } | { kind: 'color'; hex: string };
}

const sky = (top: number, bottom: number, until: string) =>
  `(${top}+(${bottom}-${top})*min(1\\,Y/(H*${until})))`;

export const BACKGROUNDS: readonly BackgroundChoice[] = [
  {
    id: 'studio',
    label: 'Studio',
    keywords: [
      'studio',
      'gym',
      'indoor',
      'room',
      'class',
      'fitness',
      'spin',
      'cycle',
      'professional',
      'dark',
    ],
    // Charcoal walls with a soft spotlight, a darker floor below 78%.
    draw: geq(
      (c) => {
        const spot = `exp(-(pow((X-W/2)/(W*0.38)\\,2)+pow((Y-H*0.35)/(H*0.55)\\,2)))`;
        const floor = `if(gt(Y\\,H*0.78)\\,0.55\\,1)`;
        return `(${c.base}+${c.light}*${spot})*${floor}`;
      },
      { r: { base: 28, light: 70 }, g: { base: 26, light: 64 }, b: { base: 32, light: 72 } },
    ),
  },
  {
    id: 'sunset-road',
    label: 'Sunset road',
    keywords: [
      'sunset',
      'sunrise',
      'road',
      'highway',
      'desert',
      'evening',
      'dusk',
      'dawn',
      'beach',
      'ride',
      'street',
    ],
    // A purple-to-orange sky, a low sun, dark land and a road running to the horizon.
    draw: (() => {
      const horizon = 'H*0.55';
      const road = `lt(abs(X-W/2)\\,W*0.02+(Y-${horizon})/(H*0.45)*W*0.36)`;
      const sun = `lt(hypot(X-W/2\\,Y-${horizon})\\,W*0.07)`;
      const land = `gt(Y\\,${horizon})`;
      const pick = (
        skyTop: number,
        skyBottom: number,
        sunC: number,
        landC: number,
        roadC: number,
      ) =>
        `if(${land}\\,if(${road}\\,${roadC}\\,${landC})\\,if(${sun}\\,${sunC}\\,${sky(skyTop, skyBottom, '0.55')}))`;
      return {
        kind: 'geq' as const,
        r: pick(84, 255, 255, 42, 74),
        g: pick(38, 138, 214, 30, 72),
        b: pick(118, 62, 140, 36, 80),
      };
    })(),
  },
  {
    id: 'mountain-pass',
    label: 'Mountain pass',
    keywords: [
      'mountain',
      'mountains',
      'alps',
      'alpine',
      'hill',
      'hills',
      'pass',
      'trail',
      'forest',
      'nature',
      'outdoor',
      'outdoors',
      'snow',
      'valley',
      'lake',
    ],
    // A blue sky, a far grey range with snow on the peaks, a near green range.
    draw: (() => {
      const far = `H*(0.42+0.12*sin(X/W*9.4)+0.05*sin(X/W*27+1))`;
      const near = `H*(0.66+0.07*sin(X/W*13.8+2)+0.03*sin(X/W*41))`;
      const pick = (skyTop: number, skyBottom: number, snow: number, rock: number, grass: number) =>
        `if(gt(Y\\,${near})\\,${grass}\\,if(gt(Y\\,${far})\\,if(lt(Y\\,${far}+H*0.035)*lt(${far}\\,H*0.4)\\,${snow}\\,${rock})\\,${sky(skyTop, skyBottom, '0.6')}))`;
      return {
        kind: 'geq' as const,
        r: pick(96, 196, 240, 92, 52),
        g: pick(156, 222, 244, 104, 92),
        b: pick(222, 246, 250, 122, 60),
      };
    })(),
  },
  {
    id: 'neon-city',
    label: 'Neon city',
    keywords: [
      'neon',
      'city',
      'night',
      'urban',
      'cyber',
      'cyberpunk',
      'club',
      'disco',
      'synthwave',
      'party',
      'downtown',
      'skyline',
    ],
    // A night sky over a skyline of blocks with magenta and cyan windows.
    draw: (() => {
      const block = 'floor(X/(W/22))';
      const height = `H*(0.3+0.32*abs(sin(${block}*12.9898)))`;
      const building = `gt(Y\\,H-${height})`;
      const window = `lt(mod(X\\,W/44)\\,W/110)*lt(mod(Y\\,H/28)\\,H/70)*gt(sin(${block}*7.1+floor(Y/(H/28))*3.3)\\,0.1)`;
      const cyan = `gt(sin(${block}*5.3)\\,0)`;
      const pick = (
        skyTop: number,
        skyBottom: number,
        wall: number,
        magenta: number,
        cyanC: number,
      ) =>
        `if(${building}\\,if(${window}\\,if(${cyan}\\,${cyanC}\\,${magenta})\\,${wall})\\,${sky(skyTop, skyBottom, '1')})`;
      return {
        kind: 'geq' as const,
        r: pick(8, 70, 16, 255, 40),
        g: pick(4, 14, 14, 40, 230),
        b: pick(28, 92, 34, 200, 255),
      };
    })(),
  },
  ...(
    [
      ['black', 'Plain black', '0x101010', ['black']],
      ['white', 'Plain white', '0xF4F4F4', ['white']],
      ['grey', 'Plain grey', '0x6B7280', ['grey', 'gray', 'silver']],
      ['blue', 'Plain blue', '0x1E40AF', ['blue', 'navy']],
      ['red', 'Plain red', '0xB91C1C', ['red']],
      ['orange', 'Plain orange', '0xFF4500', ['orange']],
      ['purple', 'Plain purple', '0x6D28D9', ['purple', 'violet']],
      ['pink', 'Plain pink', '0xDB2777', ['pink', 'magenta']],
      ['yellow', 'Plain yellow', '0xEAB308', ['yellow', 'gold']],
      ['teal', 'Plain teal', '0x0F766E', ['teal', 'turquoise']],
    ] as const
  ).map(([id, label, hex, keywords]): BackgroundChoice => ({
    id: `plain-${id}`,
    label,
    keywords,
    draw: { kind: 'color', hex },
  })),
];

function geq(
  expr: (c: { base: number; light: number }) => string,
  channels: Record<'r' | 'g' | 'b', { base: number; light: number }>,
): BackgroundChoice['draw'] {
  return { kind: 'geq', r: expr(channels.r), g: expr(channels.g), b: expr(channels.b) };
}

export const DEFAULT_BACKGROUND = BACKGROUNDS[0]!;

/** A built-in background by its id (the owner's choice), or undefined. */
export function backgroundById(id: string): BackgroundChoice | undefined {
  return BACKGROUNDS.find((b) => b.id === id);
}

/** Words that ask for a plain colour rather than a scene ("plain blue", "solid black wall"). */
const PLAIN_WORDS = new Set([
  'plain',
  'solid',
  'simple',
  'clean',
  'color',
  'colour',
  'flat',
  'wall',
]);

export interface ChosenBackground {
  background: BackgroundChoice;
  /** The word of the description that chose it; null when nothing matched (the default). */
  matched: string | null;
}

/**
 * Maps the owner's description to a built-in background: the scene with the most matching words
 * wins; a colour word wins when the description asks for something plain or names no scene.
 */
export function chooseBackground(description: string | null | undefined): ChosenBackground {
  const words = (description ?? '').toLowerCase().match(/[a-z]+/g) ?? [];
  const scenes = BACKGROUNDS.filter((b) => b.draw.kind === 'geq');
  const plains = BACKGROUNDS.filter((b) => b.draw.kind === 'color');
  let best: ChosenBackground | null = null;
  let bestScore = 0;
  for (const scene of scenes) {
    const hits = words.filter((w) => scene.keywords.includes(w));
    if (hits.length > bestScore) {
      best = { background: scene, matched: hits[0]! };
      bestScore = hits.length;
    }
  }
  const colour = words
    .map((w) => ({ w, plain: plains.find((p) => p.keywords.includes(w)) }))
    .find((x) => x.plain);
  const wantsPlain = words.some((w) => PLAIN_WORDS.has(w));
  if (colour?.plain && (wantsPlain || !best))
    return { background: colour.plain, matched: colour.w };
  return best ?? { background: DEFAULT_BACKGROUND, matched: null };
}

/** Scenes are drawn at most this wide, then scaled up: geq is slow per pixel, and soft is fine. */
export const BACKGROUND_DRAW_WIDTH = 640;

/** Draws the background as one JPEG frame of exactly width x height. */
export function buildBackgroundArgs(
  background: BackgroundChoice,
  size: { width: number; height: number },
  output: string,
): string[] {
  const scale = Math.min(1, BACKGROUND_DRAW_WIDTH / size.width);
  const drawW = Math.max(2, Math.round((size.width * scale) / 2) * 2);
  const drawH = Math.max(2, Math.round((size.height * scale) / 2) * 2);
  const canvas =
    background.draw.kind === 'color'
      ? `color=c=${background.draw.hex}:s=${size.width}x${size.height}:d=1,format=yuv420p`
      : `color=c=black:s=${drawW}x${drawH}:d=1,format=rgb24,` +
        `geq=r='${background.draw.r}':g='${background.draw.g}':b='${background.draw.b}',` +
        `scale=${size.width}:${size.height}:flags=bicubic,format=yuv420p`;
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    canvas,
    '-frames:v',
    '1',
    '-q:v',
    '2',
    '-update',
    '1',
    output,
  ];
}
