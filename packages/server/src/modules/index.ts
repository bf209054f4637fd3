import type { RoutesPlugin } from '../lib/deps';
import authRoutes from './auth/routes';

/** Every module's routes, registered in this order. */
export const modules: RoutesPlugin[] = [authRoutes];
