# One image for every Node process of the product; the command picks the entry point:
#   docker build -t aipay .
#   docker run --env-file prod.env aipay services/gateway/dist/main.js
#   docker run --env-file prod.env aipay workflows/dist/worker.js
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npx nx run-many -t build

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=build /app/libs ./libs
COPY --from=build /app/services ./services
COPY --from=build /app/workflows ./workflows
COPY --from=build /app/tests/package.json ./tests/package.json
RUN npm install --omit=dev --no-audit --no-fund --ignore-scripts
USER node
ENTRYPOINT ["node"]
CMD ["services/gateway/dist/main.js"]
