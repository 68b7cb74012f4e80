/* The stopword package (3.1.5) ships no types; this declares the part the app uses. */
declare module 'stopword' {
  /** English stop words, lower case. */
  export const eng: readonly string[];
}
