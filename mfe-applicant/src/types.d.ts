/** CSS files are emitted as assets (webpack asset/resource): importing one gives its URL. */
declare module '*.css' {
  const url: string;
  export default url;
}
