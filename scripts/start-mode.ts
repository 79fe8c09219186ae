// Imported first by scripts/start.ts: Next.js and React pick their production or development build from
// NODE_ENV when they load, so it is set before anything imports them (as `next start` / `next dev` do).
const dev = process.argv.includes('--dev');
(process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';
process.env.NEXT_TELEMETRY_DISABLED = '1';

export const startMode = { dev };
