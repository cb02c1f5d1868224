-- ITEM, 100,000 rows (clause 4.3.3.1), loaded once
INSERT INTO item
SELECT i, 1 + floor(random() * 10000)::int, tpcc_astr(14, 24),
       round((1 + random() * 99)::numeric, 2), tpcc_data(s)
FROM (SELECT i, tpcc_astr(26, 50) AS s FROM generate_series(1, 100000) i) g;
