# One image for every Node process of the product; the command picks the service.
#   docker build -t aipay .
#   docker run -e ... aipay services/gateway/src/main.ts
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/kit/package.json libs/kit/
COPY services/gateway/package.json services/gateway/
COPY workflows/package.json workflows/
COPY tests/package.json tests/
RUN npm ci --omit=dev --workspaces --include-workspace-root=false --ignore-scripts && npm install --no-save tsx@4

FROM deps AS workflow-bundle
COPY . .
RUN npx tsx workflows/src/bundle.ts

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
COPY --from=workflow-bundle /app/workflows/dist ./workflows/dist
USER node
ENTRYPOINT ["node", "--import", "tsx"]
CMD ["services/gateway/src/main.ts"]
