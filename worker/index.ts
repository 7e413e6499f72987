import { createApp } from './app';

const app = createApp();

export default app;
