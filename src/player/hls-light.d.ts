// hls.js's light build has the full build's API; its package exports no types for it.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
