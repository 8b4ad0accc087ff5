import { describe, expect, it } from 'vitest';
import { gymAppOf } from '@shared/gym-app.contract';
import type { PublicGymResponse } from '@shared/gyms.contract';
import {
  gymManifest,
  iconSizeOf,
  iconVersion,
  serviceWorkerConfig,
  onDemandAssetsOf,
  shellAssetsOf,
  shortNameOf,
} from './gym-app';

/** The public answer as the manifest reads it (issue #21 part 1). */
function gym(over: Partial<PublicGymResponse> = {}, colours: Record<string, string> = {}) {
  return {
    slug: 'iron-spin',
    gymName: 'Iron Spin',
    gymLogo: null,
    gymLogoIcon: null,
    videos: [],
    programs: [],
    branding: {
      primaryColor: '#ff4500',
      secondaryColor: '#1a1a1a',
      description: 'Ride with us.',
      primaryTextColor: '#111111',
      secondaryTextColor: '#ffffff',
      accentColor: '#ff4500',
      poweredByCadence: true,
      heroImage: null,
      displayFont: null,
      ...colours,
    },
    ...over,
  } satisfies PublicGymResponse;
}

describe('gymManifest', () => {
  it("names the app after the gym, in the hero's colour, standalone, with two icons", () => {
    const manifest = gymManifest(gym(), '/gym/iron-spin');
    const version = iconVersion(gym());
    expect(manifest).toEqual({
      id: '/gym/iron-spin',
      name: 'Iron Spin',
      short_name: 'Iron Spin',
      description: 'Ride with us.',
      lang: 'en',
      start_url: '/gym/iron-spin',
      scope: '/gym/iron-spin',
      display: 'standalone',
      theme_color: '#1a1a1a',
      background_color: '#1a1a1a',
      icons: [
        {
          src: `/gym/iron-spin/icons/${version}-192.png`,
          sizes: '192x192',
          type: 'image/png',
          purpose: 'any',
        },
        {
          src: `/gym/iron-spin/icons/${version}-512.png`,
          sizes: '512x512',
          type: 'image/png',
          purpose: 'any',
        },
      ],
    });
  });

  it("starts and stays at the scope it is given: a custom domain's '/', a location's own page", () => {
    expect(gymManifest(gym(), '/')).toMatchObject({ id: '/', start_url: '/', scope: '/' });
    const location = gym({ slug: 'iron-spin-harbour', gymName: 'Iron Spin Harbour' });
    const manifest = gymManifest(location, '/gym/iron-spin-harbour');
    expect(manifest).toMatchObject({
      start_url: '/gym/iron-spin-harbour',
      scope: '/gym/iron-spin-harbour',
      name: 'Iron Spin Harbour',
    });
    expect(manifest.icons[0]!.src.startsWith('/gym/iron-spin-harbour/icons/')).toBe(true);
  });

  it('keeps a hostile name as data (the manifest is JSON) and never a colour that is not one', () => {
    const name = `</script><script>alert("x")</script> \u2028 & 'co'`;
    const hostile = gym(
      { gymName: name },
      { secondaryColor: 'red;} body{', secondaryTextColor: '"/>' },
    );
    const manifest = gymManifest(hostile, '/gym/iron-spin');
    expect(JSON.parse(JSON.stringify(manifest)).name).toBe(name);
    expect(manifest.theme_color).toBe('#111111');
    expect(manifest.background_color).toBe('#111111');
  });

  it('gives new icon addresses for a new logo or colour, the same for the same gym', () => {
    const base = iconVersion(gym());
    expect(iconVersion(gym())).toBe(base);
    expect(iconVersion(gym({ gymLogo: '/api/logos/a/b-512.png' }))).not.toBe(base);
    expect(iconVersion(gym({}, { secondaryColor: '#000000' }))).not.toBe(base);
    // The name is not drawn: renaming keeps the icons.
    expect(iconVersion(gym({ gymName: 'Other' }))).toBe(base);
  });
});

describe('shortNameOf', () => {
  it.each([
    ['Iron Spin', 'Iron Spin'],
    ['  Iron Spin  ', 'Iron Spin'],
    ['Spoke & Pedal Cycling Studio', 'Spoke'],
    ['The Cycle Room Downtown', 'The Cycle'],
    ['Supercalifragilistic Spin', 'Supercalifra'],
    ['Ünïcödé Spïn Stüdiø', 'Ünïcödé Spïn'],
    ['🚴 🚴 🚴 🚴 🚴 🚴 🚴', '🚴 🚴 🚴 🚴 🚴 🚴'],
  ])('%s -> %s', (name, short) => {
    expect(shortNameOf(name)).toBe(short);
  });
});

describe('iconSizeOf', () => {
  it('takes only the current version at the sizes the manifest lists', () => {
    const version = iconVersion(gym());
    expect(iconSizeOf(gym(), `${version}-192.png`)).toBe(192);
    expect(iconSizeOf(gym(), `${version}-512.png`)).toBe(512);
    for (const file of [
      `${version}-256.png`,
      `${version}-192.jpg`,
      `${version}-192-x.png`,
      `000000000000-192.png`,
      `${version}-0192.png`,
      '../gym.html',
      `${version}-192.png`.padStart(60, 'a'),
    ]) {
      expect(iconSizeOf(gym(), file), file).toBeNull();
    }
  });
});

describe("the worker's configuration", () => {
  const html =
    '<script src="/theme-init.js"></script><link rel="icon" href="/favicon.svg" />' +
    '<script type="module" src="/assets/gym-A.js"></script><link rel="stylesheet" href="/assets/gym-B.css">' +
    '<link rel="preload" href="https://cdn.example.com/x.js"><a href="/dashboard">';

  it("pre-caches the build's own files only, once each", () => {
    expect(shellAssetsOf(html + html)).toEqual([
      '/theme-init.js',
      '/favicon.svg',
      '/assets/gym-A.js',
      '/assets/gym-B.css',
    ]);
  });

  it('keeps what the page loads on demand: every chunk of ours its entry imports dynamically, with theirs', () => {
    const manifest = {
      'gym.html': {
        file: 'assets/gym-A.js',
        isEntry: true,
        imports: ['_utils-U.js'],
        dynamicImports: [
          'player.tsx',
          '../../node_modules/hls.js/dist/hls.light.mjs',
          'screen.tsx',
        ],
        css: ['assets/gym-B.css'],
      },
      '_utils-U.js': { file: 'assets/utils-U.js' },
      'player.tsx': {
        file: 'assets/player-C.js',
        isDynamicEntry: true,
        imports: ['_utils-U.js', 'gym.html', '_ride-R.js'],
        css: ['assets/player-D.css'],
      },
      '_ride-R.js': { file: 'assets/ride-R.js', imports: ['gym.html'] },
      // A library loaded only where the browser needs it: left to the page's warm-up.
      '../../node_modules/hls.js/dist/hls.light.mjs': {
        file: 'assets/hls-H.js',
        isDynamicEntry: true,
      },
      // Shared with the player: listed once.
      'screen.tsx': { file: 'assets/screen-S.js', imports: ['_ride-R.js'] },
      // Never imported by the entry: not the page's.
      'other.html': { file: 'assets/other-O.js', isEntry: true },
    };
    expect(onDemandAssetsOf(JSON.stringify(manifest)).sort()).toEqual([
      '/assets/player-C.js',
      '/assets/player-D.css',
      '/assets/ride-R.js',
      '/assets/screen-S.js',
      '/assets/utils-U.js',
    ]);
  });

  it('keeps nothing on demand without a manifest, from a broken one, or a name outside /assets/', () => {
    expect(onDemandAssetsOf(null)).toEqual([]);
    expect(onDemandAssetsOf('{not json')).toEqual([]);
    expect(onDemandAssetsOf('[]')).toEqual([]);
    expect(onDemandAssetsOf(JSON.stringify({ 'gym.html': { dynamicImports: 'x' } }))).toEqual([]);
    const odd = {
      'gym.html': { dynamicImports: ['a', 'b', 'c', 'gym.html'] },
      a: { file: '../../etc/passwd' },
      b: { file: 'https://cdn.example.com/x.js', css: [7, 'assets/ok-1.css'] },
      c: { file: 'assets/x.js?y' },
    };
    expect(onDemandAssetsOf(JSON.stringify(odd))).toEqual(['/assets/ok-1.css']);
  });

  it('asks the public answer by slug on the app host and by host on a custom domain', () => {
    const options = {
      version: 'v1',
      shell: ['/assets/gym-A.js'],
      fonts: ['/assets/f.woff2'],
      onDemand: ['/assets/gym-A.js', '/assets/player-C.js'],
    };
    expect(serviceWorkerConfig({ ...options, slug: 'iron-spin', scope: '/gym/iron-spin' })).toEqual(
      {
        version: 'v1',
        scope: '/gym/iron-spin',
        page: '/gym/iron-spin',
        api: '/api/gym/iron-spin',
        precache: ['/assets/gym-A.js', '/assets/f.woff2'],
        onDemand: ['/assets/player-C.js'],
      },
    );
    expect(serviceWorkerConfig({ ...options, slug: null, scope: '/' })).toMatchObject({
      page: '/',
      api: '/api/gym/by-host',
    });
  });

  it("the page registers its worker at its gym's address, scoped to the page", () => {
    expect(gymAppOf({ slug: 'iron-spin', gym: gym() })).toEqual({
      scope: '/gym/iron-spin',
      serviceWorker: '/gym/iron-spin/sw.js',
    });
    expect(gymAppOf({ slug: null, gym: gym() })).toEqual({
      scope: '/',
      serviceWorker: '/gym/iron-spin/sw.js',
    });
  });
});
