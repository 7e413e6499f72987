// a fixture read as text (`import page from '../fixtures/x.html?raw'`), as Vite serves it
declare module '*?raw' {
  const text: string;
  export default text;
}
