DROP INDEX "products_search_idx";--> statement-breakpoint
CREATE INDEX "products_search_b00_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 0;--> statement-breakpoint
CREATE INDEX "products_search_b01_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 1;--> statement-breakpoint
CREATE INDEX "products_search_b02_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 2;--> statement-breakpoint
CREATE INDEX "products_search_b03_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 3;--> statement-breakpoint
CREATE INDEX "products_search_b04_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 4;--> statement-breakpoint
CREATE INDEX "products_search_b05_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 5;--> statement-breakpoint
CREATE INDEX "products_search_b06_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 6;--> statement-breakpoint
CREATE INDEX "products_search_b07_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 7;--> statement-breakpoint
CREATE INDEX "products_search_b08_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 8;--> statement-breakpoint
CREATE INDEX "products_search_b09_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 9;--> statement-breakpoint
CREATE INDEX "products_search_b10_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 10;--> statement-breakpoint
CREATE INDEX "products_search_b11_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 11;--> statement-breakpoint
CREATE INDEX "products_search_b12_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 12;--> statement-breakpoint
CREATE INDEX "products_search_b13_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 13;--> statement-breakpoint
CREATE INDEX "products_search_b14_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 14;--> statement-breakpoint
CREATE INDEX "products_search_b15_idx" ON "products" USING gin ("search_vector") WHERE (id % 16) = 15;