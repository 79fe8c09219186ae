// The Admin door's router. Each feature adds its router here.
import { createTRPCRouter } from '@/server/api/trpc';

export const appRouter = createTRPCRouter({});

export type AppRouter = typeof appRouter;
