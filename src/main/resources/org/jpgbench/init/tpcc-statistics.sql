-- jpgbench --workload=tpcc: the columns without statistics (a target of 0), set after the tables
-- and their partitions exist. ANALYZE, step v's and autovacuum's, keeps statistics only for the
-- columns the transactions search, join or filter on (tpcc-functions.sql); no plan reads those of
-- the random text and the amounts, and computing them was most of ANALYZE's time. Step v names
-- no columns (an ANALYZE of a column list leaves the table's count of changes as it was), so it
-- clears that count, and autovacuum does not analyze the freshly loaded tables again during the
-- first run. HISTORY, which no transaction reads, keeps its warehouse column's.
ALTER TABLE warehouse ALTER w_name SET STATISTICS 0, ALTER w_street_1 SET STATISTICS 0,
  ALTER w_street_2 SET STATISTICS 0, ALTER w_city SET STATISTICS 0,
  ALTER w_state SET STATISTICS 0, ALTER w_zip SET STATISTICS 0, ALTER w_tax SET STATISTICS 0,
  ALTER w_ytd SET STATISTICS 0;
ALTER TABLE district ALTER d_name SET STATISTICS 0, ALTER d_street_1 SET STATISTICS 0,
  ALTER d_street_2 SET STATISTICS 0, ALTER d_city SET STATISTICS 0,
  ALTER d_state SET STATISTICS 0, ALTER d_zip SET STATISTICS 0, ALTER d_tax SET STATISTICS 0,
  ALTER d_ytd SET STATISTICS 0, ALTER d_next_o_id SET STATISTICS 0;
ALTER TABLE customer ALTER c_first SET STATISTICS 0, ALTER c_middle SET STATISTICS 0,
  ALTER c_street_1 SET STATISTICS 0, ALTER c_street_2 SET STATISTICS 0,
  ALTER c_city SET STATISTICS 0, ALTER c_state SET STATISTICS 0, ALTER c_zip SET STATISTICS 0,
  ALTER c_phone SET STATISTICS 0, ALTER c_since SET STATISTICS 0,
  ALTER c_credit SET STATISTICS 0, ALTER c_credit_lim SET STATISTICS 0,
  ALTER c_discount SET STATISTICS 0, ALTER c_balance SET STATISTICS 0,
  ALTER c_ytd_payment SET STATISTICS 0, ALTER c_payment_cnt SET STATISTICS 0,
  ALTER c_delivery_cnt SET STATISTICS 0, ALTER c_data SET STATISTICS 0;
ALTER TABLE history ALTER h_c_id SET STATISTICS 0, ALTER h_c_d_id SET STATISTICS 0,
  ALTER h_c_w_id SET STATISTICS 0, ALTER h_d_id SET STATISTICS 0, ALTER h_date SET STATISTICS 0,
  ALTER h_amount SET STATISTICS 0, ALTER h_data SET STATISTICS 0;
ALTER TABLE orders ALTER o_entry_d SET STATISTICS 0, ALTER o_carrier_id SET STATISTICS 0,
  ALTER o_ol_cnt SET STATISTICS 0, ALTER o_all_local SET STATISTICS 0;
ALTER TABLE order_line ALTER ol_number SET STATISTICS 0, ALTER ol_supply_w_id SET STATISTICS 0,
  ALTER ol_delivery_d SET STATISTICS 0, ALTER ol_quantity SET STATISTICS 0,
  ALTER ol_amount SET STATISTICS 0, ALTER ol_dist_info SET STATISTICS 0;
ALTER TABLE item ALTER i_im_id SET STATISTICS 0, ALTER i_name SET STATISTICS 0,
  ALTER i_price SET STATISTICS 0, ALTER i_data SET STATISTICS 0;
ALTER TABLE stock ALTER s_dist_01 SET STATISTICS 0, ALTER s_dist_02 SET STATISTICS 0,
  ALTER s_dist_03 SET STATISTICS 0, ALTER s_dist_04 SET STATISTICS 0,
  ALTER s_dist_05 SET STATISTICS 0, ALTER s_dist_06 SET STATISTICS 0,
  ALTER s_dist_07 SET STATISTICS 0, ALTER s_dist_08 SET STATISTICS 0,
  ALTER s_dist_09 SET STATISTICS 0, ALTER s_dist_10 SET STATISTICS 0,
  ALTER s_ytd SET STATISTICS 0, ALTER s_order_cnt SET STATISTICS 0,
  ALTER s_remote_cnt SET STATISTICS 0, ALTER s_data SET STATISTICS 0;
