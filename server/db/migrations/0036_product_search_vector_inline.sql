-- ADR 072: a product's search vector is kept in its row (STORAGE MAIN), not in the TOAST table, so a
-- search that rechecks a phrase and ranks its candidates reads one page per candidate instead of
-- three or four. Rows written from now on (the seed, imports, edits of a name or description) take it;
-- rows already stored keep their layout until they are rewritten. Catalogue only: no data changes.
ALTER TABLE "products" ALTER COLUMN "search_vector" SET STORAGE MAIN;
