-- jpgbench --workload=tpcc: the tables of TPC-C clause 1.3 (a TPC-C-like schema, not audited).
-- Each statement ends with ";" at the end of a line; {UNLOGGED} is "unlogged " or "".
-- Clause 1.3's fixed text of size N is varchar(N): the load writes N characters, and char(N) would
-- only add the server's count of characters to pad each value to them (STOCK's COPY: ~13% of its
-- CPU). PostgreSQL's own advice: no char(N).
CREATE {UNLOGGED}TABLE warehouse (
  w_id int NOT NULL, w_name varchar(10), w_street_1 varchar(20), w_street_2 varchar(20),
  w_city varchar(20), w_state varchar(2), w_zip varchar(9), w_tax numeric(4,4), w_ytd numeric(12,2));
CREATE {UNLOGGED}TABLE district (
  d_id int NOT NULL, d_w_id int NOT NULL, d_name varchar(10), d_street_1 varchar(20),
  d_street_2 varchar(20), d_city varchar(20), d_state varchar(2), d_zip varchar(9), d_tax numeric(4,4),
  d_ytd numeric(12,2), d_next_o_id int);
CREATE {UNLOGGED}TABLE customer (
  c_id int NOT NULL, c_d_id int NOT NULL, c_w_id int NOT NULL, c_first varchar(16),
  c_middle varchar(2), c_last varchar(16), c_street_1 varchar(20), c_street_2 varchar(20),
  c_city varchar(20), c_state varchar(2), c_zip varchar(9), c_phone varchar(16), c_since timestamp,
  c_credit varchar(2), c_credit_lim numeric(12,2), c_discount numeric(4,4), c_balance numeric(12,2),
  c_ytd_payment numeric(12,2), c_payment_cnt int, c_delivery_cnt int, c_data varchar(500));
CREATE {UNLOGGED}TABLE history (
  h_c_id int, h_c_d_id int, h_c_w_id int, h_d_id int, h_w_id int, h_date timestamp,
  h_amount numeric(6,2), h_data varchar(24));
CREATE {UNLOGGED}TABLE new_order (no_o_id int NOT NULL, no_d_id int NOT NULL, no_w_id int NOT NULL);
CREATE {UNLOGGED}TABLE orders (
  o_id int NOT NULL, o_d_id int NOT NULL, o_w_id int NOT NULL, o_c_id int, o_entry_d timestamp,
  o_carrier_id int, o_ol_cnt int, o_all_local int);
CREATE {UNLOGGED}TABLE order_line (
  ol_o_id int NOT NULL, ol_d_id int NOT NULL, ol_w_id int NOT NULL, ol_number int NOT NULL,
  ol_i_id int, ol_supply_w_id int, ol_delivery_d timestamp, ol_quantity int,
  ol_amount numeric(6,2), ol_dist_info varchar(24));
CREATE {UNLOGGED}TABLE item (
  i_id int NOT NULL, i_im_id int, i_name varchar(24), i_price numeric(5,2), i_data varchar(50));
CREATE {UNLOGGED}TABLE stock (
  s_i_id int NOT NULL, s_w_id int NOT NULL, s_quantity int,
  s_dist_01 varchar(24), s_dist_02 varchar(24), s_dist_03 varchar(24), s_dist_04 varchar(24),
  s_dist_05 varchar(24), s_dist_06 varchar(24), s_dist_07 varchar(24), s_dist_08 varchar(24),
  s_dist_09 varchar(24), s_dist_10 varchar(24), s_ytd numeric(8,0), s_order_cnt int,
  s_remote_cnt int, s_data varchar(50));
-- NURand's C (clause 2.1.6): c_last_load used to load C_LAST, the others at run time; kept with
-- the data so that a later run, and a reader, knows them.
CREATE TABLE tpcc_constants (
  warehouses int NOT NULL, c_last_load int NOT NULL, c_last_run int NOT NULL,
  c_id int NOT NULL, ol_i_id int NOT NULL);
-- random data (clause 4.3.2) for step G, each function a single expression the planner inlines
-- into the INSERT that calls it: 24 random hex digits (two 48-bit draws; md5 costs four times as
-- much), a-strings of lo..hi characters (longer than 24 as a repeated 24), n-strings of n digits
CREATE FUNCTION tpcc_hex24() RETURNS text LANGUAGE sql VOLATILE AS
$$ SELECT lpad(to_hex(floor(random() * 281474976710656)::bigint), 12, '0')
       || lpad(to_hex(floor(random() * 281474976710656)::bigint), 12, '0') $$;
CREATE FUNCTION tpcc_astr(lo int, hi int) RETURNS text LANGUAGE sql VOLATILE AS
$$ SELECT left(repeat(tpcc_hex24(), (hi + 23) / 24), lo + floor(random() * (hi - lo + 1))::int) $$;
CREATE FUNCTION tpcc_nstr(n int) RETURNS text LANGUAGE sql VOLATILE AS
$$ SELECT lpad(floor(random() * 10 ^ n)::bigint::text, n, '0') $$;
CREATE FUNCTION tpcc_zip() RETURNS text LANGUAGE sql VOLATILE AS
$$ SELECT tpcc_nstr(4) || '11111' $$;
CREATE FUNCTION tpcc_state() RETURNS text LANGUAGE sql VOLATILE AS
$$ SELECT chr(65 + floor(random() * 26)::int) || chr(65 + floor(random() * 26)::int) $$;
-- i_data and s_data from an a-string [26..50] s: 10% with "ORIGINAL" at a random place (clause
-- 4.3.3.1); s names a column the caller drew it into, as the function reads it three times
CREATE FUNCTION tpcc_data(s text) RETURNS text LANGUAGE sql VOLATILE AS
$$ SELECT CASE WHEN random() < 0.1
  THEN overlay(s PLACING 'ORIGINAL' FROM 1 + floor(random() * (length(s) - 7))::int)
  ELSE s END $$;
-- C_LAST from a number 0..999: three syllables (clause 4.3.2.3), each an array lookup
CREATE FUNCTION tpcc_syllable(k int) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT (ARRAY['BAR','OUGHT','ABLE','PRI','PRES','ESE','ANTI','CALLY','ATION','EING'])[k + 1] $$;
CREATE FUNCTION tpcc_last_name(n int) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT tpcc_syllable(n / 100) || tpcc_syllable(n / 10 % 10) || tpcc_syllable(n % 10) $$;
