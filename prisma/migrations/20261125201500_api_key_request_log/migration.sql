-- CreateTable
CREATE TABLE "api_key_request" (
    "id" BIGSERIAL NOT NULL,
    "key_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "method" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "status" SMALLINT NOT NULL,
    "duration_ms" REAL NOT NULL,
    "request_id" TEXT NOT NULL,

    CONSTRAINT "api_key_request_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_key_usage_hour" (
    "key_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "requests" INTEGER NOT NULL,
    "failed" INTEGER NOT NULL,
    "rate_limited" INTEGER NOT NULL,

    CONSTRAINT "api_key_usage_hour_pkey" PRIMARY KEY ("key_id","hour")
);

-- CreateIndex
CREATE INDEX "api_key_request_key_id_at_idx" ON "api_key_request"("key_id", "at" DESC);

-- CreateIndex
CREATE INDEX "api_key_request_at_idx" ON "api_key_request"("at");

-- CreateIndex
CREATE INDEX "api_key_usage_hour_hour_idx" ON "api_key_usage_hour"("hour");
