# The service's container image: `docker build -t pais .` then see docs/deployment.md ("Run with Docker").
# BASE_IMAGE is any Debian bookworm with Node.js 24 and npm in /usr/local (the official image by default;
# scripts/container/base-image.sh makes a local one where no registry is reachable).
ARG BASE_IMAGE=node:24-bookworm-slim

# Dependencies, exactly as the lock file lists them (install scripts limited by allowScripts, .npmrc).
FROM ${BASE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json .npmrc ./
# The postinstall step generates the Prisma client from the schema.
COPY prisma ./prisma
COPY scripts/generate-client.ts ./scripts/
RUN npm ci --no-audit --no-fund

# The Next.js build as standalone output (.next/standalone: the built app and only the node_modules files it
# loads) and the server compiled to JavaScript (no TypeScript loader at run time: it starts with about 130 MiB
# less memory; docs/deployment.md has the figures). Then, from the production dependencies only, the files the
# server, the CLI and the migrator load are traced into .next/standalone too (scripts/image-runtime-files.mjs):
# no Next.js compiler (@next/swc), prisma CLI, TypeScript or unused Prisma runtimes. Next.js's own server.js is
# not used: dist/server/start.mjs starts Next.js itself.
FROM deps AS build
COPY . .
RUN NEXT_OUTPUT=standalone npx next build \
 && npx esbuild scripts/start.ts scripts/cli.ts scripts/migrate.ts --bundle --platform=node --format=esm --packages=external \
      --target=node24 --outdir=dist/server --out-extension:.js=.mjs --log-level=warning \
 && npm prune --omit=dev --no-audit --no-fund \
 && node scripts/image-runtime-files.mjs \
 && rm .next/standalone/server.js

FROM ${BASE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    DATABASE_URL=pglite:/app/data/pglite
RUN groupadd --system --gid 10001 pais \
 && useradd --system --uid 10001 --gid pais --home-dir /app --no-create-home pais \
 && mkdir -p /app/data && chown pais:pais /app/data
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/package.json /app/next.config.js ./
# next.config.js imports the security-header rules (plain JavaScript, shared with the server's fast door).
COPY --from=build /app/server/platform/http/security-headers.js ./server/platform/http/
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
# start.mjs (the server), cli.mjs (the operator CLI), migrate.mjs (`deploy` / `status`). Two folders deep, as
# scripts/ is: the server finds next.config.js at ../../ as it does from the sources.
COPY --from=build /app/dist/server ./dist/server
USER pais
# The embedded database and the generated app secret (./data) when DATABASE_URL is not PostgreSQL.
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# exec form: node is PID 1 and gets SIGTERM itself (graceful shutdown); migrations run first unless
# SKIP_MIGRATIONS=true.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/start.mjs"]
