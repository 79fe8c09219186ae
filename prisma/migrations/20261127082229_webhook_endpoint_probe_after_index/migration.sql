-- CreateIndex
CREATE INDEX "webhook_endpoint_probe_after_idx" ON "webhook_endpoint"("probe_after");
