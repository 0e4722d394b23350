import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';

// Endpoints arrive with the feature that owns them.
const api = new Hono<AppEnv>();

export default api;
