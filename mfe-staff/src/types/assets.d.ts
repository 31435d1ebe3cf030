declare module '*.css' {
  const url: string;
  export default url;
}
