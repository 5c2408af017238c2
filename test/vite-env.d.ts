/** Files imported as text (Vite's `?raw`), e.g. the MQSC fixtures. */
declare module "*?raw" {
  const text: string;
  export default text;
}
