/** Files imported as text (Vite's `?raw`), e.g. the MQSC fixtures. */
declare module "*?raw" {
  const text: string;
  export default text;
}

/** A module bundled as a Web Worker, imported as its URL (Vite's `?worker&url`). */
declare module "*?worker&url" {
  const url: string;
  export default url;
}
