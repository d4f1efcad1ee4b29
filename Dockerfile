# Portail des agréments MAR — image de production (Node.js 24 LTS, non-root).
# syntax=docker/dockerfile:1

FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY scripts/copy-dsfr.mjs scripts/copy-dsfr.mjs
# postinstall applies them (patch-package, ADR 0029).
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
ARG GIT_SHA=""
ENV NODE_ENV=production \
    GIT_SHA=$GIT_SHA \
    PORT=3000 \
    DATA_DIR=/var/lib/portail-mar
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/package.json /app/server.ts /app/tsconfig.json ./
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/api ./api
COPY --from=build --chown=node:node /app/idp ./idp
COPY --from=build --chown=node:node /app/contract ./contract
COPY --from=build --chown=node:node /app/app/.server/context.ts ./app/.server/context.ts
RUN mkdir -p /var/lib/portail-mar && chown node:node /var/lib/portail-mar
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The compiled server (ADR 0034): no tsx in the serving process.
CMD ["node", "build/server.js"]
