-- one warehouse's rows (clause 4.3.3.1); {W} is its number, {C_LAST_LOAD} NURand's C for C_LAST
INSERT INTO warehouse
SELECT {W}, tpcc_astr(6, 10), tpcc_astr(10, 20), tpcc_astr(10, 20), tpcc_astr(10, 20),
       tpcc_state(), tpcc_zip(), round((random() * 0.2)::numeric, 4), 300000.00;
INSERT INTO district
SELECT d, {W}, tpcc_astr(6, 10), tpcc_astr(10, 20), tpcc_astr(10, 20), tpcc_astr(10, 20),
       tpcc_state(), tpcc_zip(), round((random() * 0.2)::numeric, 4), 30000.00, 3001
FROM generate_series(1, 10) d;
INSERT INTO stock
SELECT i, {W}, 10 + floor(random() * 91)::int,
       tpcc_hex24(), tpcc_hex24(), tpcc_hex24(), tpcc_hex24(), tpcc_hex24(),
       tpcc_hex24(), tpcc_hex24(), tpcc_hex24(), tpcc_hex24(), tpcc_hex24(),
       0, 0, 0, tpcc_data(s)
FROM (SELECT i, tpcc_astr(26, 50) AS s FROM generate_series(1, 100000) i) g;
INSERT INTO customer
SELECT c, d, {W}, tpcc_astr(8, 16), 'OE', tpcc_last_name(n),
       tpcc_astr(10, 20), tpcc_astr(10, 20), tpcc_astr(10, 20), tpcc_state(), tpcc_zip(),
       tpcc_nstr(16), now(), CASE WHEN random() < 0.1 THEN 'BC' ELSE 'GC' END, 50000.00,
       round((random() * 0.5)::numeric, 4), -10.00, 10.00, 1, 0, tpcc_astr(300, 500)
FROM (SELECT d, c, CASE WHEN c <= 1000 THEN c - 1
        ELSE ((floor(random() * 256)::int | floor(random() * 1000)::int) + {C_LAST_LOAD}) % 1000
        END AS n
      FROM generate_series(1, 10) d, generate_series(1, 3000) c) g;
INSERT INTO history
SELECT c, d, {W}, d, {W}, now(), 10.00, tpcc_astr(12, 24)
FROM generate_series(1, 10) d, generate_series(1, 3000) c;
INSERT INTO orders
SELECT p.o, d, {W}, p.c, now(), CASE WHEN p.o < 2101 THEN 1 + floor(random() * 10)::int END,
       5 + floor(random() * 11)::int, 1
FROM generate_series(1, 10) d,
     LATERAL (SELECT (row_number() OVER (ORDER BY random()))::int AS o, c
              FROM generate_series(1, 3000 + d * 0) c) p;
INSERT INTO order_line
SELECT o.o_id, o.o_d_id, o.o_w_id, n, 1 + floor(random() * 100000)::int, o.o_w_id,
       CASE WHEN o.o_id < 2101 THEN o.o_entry_d END, 5,
       CASE WHEN o.o_id < 2101 THEN 0.00 ELSE round((0.01 + random() * 9999.98)::numeric, 2) END,
       tpcc_hex24()
FROM orders o, generate_series(1, o.o_ol_cnt) n
WHERE o.o_w_id = {W};
INSERT INTO new_order
SELECT o, d, {W} FROM generate_series(1, 10) d, generate_series(2101, 3000) o;
