/** hls.js ships no declarations for its light build; it has the full build's API (minus subtitles, DRM). */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
