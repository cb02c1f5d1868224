-- jpgbench --workload=tpcc: the five transactions of TPC-C clause 2 as server-side functions, which
-- the tpcc-* scripts call with their inputs (docs/tpcc.md). NURand(A, x, y) is
-- (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x: the scripts draw the OR of the two
-- randoms, the functions add the run's C ({C_ID}, {C_LAST_RUN}, {C_OL_I_ID}, chosen at init).

-- the customer a payment or order-status is for: by last name (the one at position ceil(n/2) of
-- those of that name, ordered by first name: clause 2.5.2.2), else by number
CREATE FUNCTION tpcc_customer(p_w_id int, p_d_id int, p_by_name bool, p_c_raw int, p_last_raw int)
RETURNS int LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_c_id int;
BEGIN
  IF NOT p_by_name THEN
    RETURN ((p_c_raw + {C_ID}) % 3000) + 1;
  END IF;
  SELECT (array_agg(c_id ORDER BY c_first))[(count(*) + 1) / 2] INTO v_c_id
  FROM customer
  WHERE c_w_id = p_w_id AND c_d_id = p_d_id
    AND c_last = tpcc_last_name((p_last_raw + {C_LAST_RUN}) % 1000);
  RETURN v_c_id;
END $$;

-- New-Order (clause 2.4): returns the order's number, or -1 when it rolled back (an unused item,
-- 1% of them: clause 2.4.2.3). The lines are processed in stock order, so that two orders never
-- wait for each other's stock rows.
CREATE FUNCTION tpcc_new_order(p_w_id int, p_d_id int, p_c_raw int, p_ol_cnt int, p_rollback bool,
                               p_items int[], p_supply int[], p_quantity int[])
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_c_id int := ((p_c_raw + {C_ID}) % 3000) + 1;
  v_items int[] := p_items[1:p_ol_cnt];
  v_all_local int := 1;
  v_o_id int;
  v_w_tax numeric;
  v_d_tax numeric;
  v_discount numeric;
  v_total numeric := 0;
  v_price numeric;
  v_dist text;
  r record;
BEGIN
  FOR i IN 1 .. p_ol_cnt LOOP
    v_items[i] := ((p_items[i] + {C_OL_I_ID}) % 100000) + 1;
    IF p_supply[i] <> p_w_id THEN
      v_all_local := 0;
    END IF;
  END LOOP;
  IF p_rollback THEN
    v_items[p_ol_cnt] := 100001;
  END IF;
  BEGIN
    SELECT w_tax INTO v_w_tax FROM warehouse WHERE w_id = p_w_id;
    UPDATE district SET d_next_o_id = d_next_o_id + 1
    WHERE d_w_id = p_w_id AND d_id = p_d_id
    RETURNING d_tax, d_next_o_id - 1 INTO v_d_tax, v_o_id;
    SELECT c_discount INTO v_discount
    FROM customer WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = v_c_id;
    INSERT INTO orders VALUES (v_o_id, p_d_id, p_w_id, v_c_id, now(), NULL, p_ol_cnt, v_all_local);
    INSERT INTO new_order VALUES (v_o_id, p_d_id, p_w_id);
    FOR r IN
      SELECT n, v_items[n] AS i_id, p_supply[n] AS supply, p_quantity[n] AS quantity
      FROM generate_series(1, p_ol_cnt) n
      ORDER BY p_supply[n], v_items[n], n
    LOOP
      SELECT i_price INTO v_price FROM item WHERE i_id = r.i_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: item number is not valid';
      END IF;
      UPDATE stock SET
        s_quantity = CASE WHEN s_quantity >= r.quantity + 10 THEN s_quantity - r.quantity
                          ELSE s_quantity - r.quantity + 91 END,
        s_ytd = s_ytd + r.quantity, s_order_cnt = s_order_cnt + 1,
        s_remote_cnt = s_remote_cnt + CASE WHEN r.supply <> p_w_id THEN 1 ELSE 0 END
      WHERE s_w_id = r.supply AND s_i_id = r.i_id
      RETURNING CASE p_d_id WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03
        WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06 WHEN 7 THEN s_dist_07
        WHEN 8 THEN s_dist_08 WHEN 9 THEN s_dist_09 ELSE s_dist_10 END INTO v_dist;
      INSERT INTO order_line
      VALUES (v_o_id, p_d_id, p_w_id, r.n, r.i_id, r.supply, NULL, r.quantity,
              r.quantity * v_price, v_dist);
      v_total := v_total + r.quantity * v_price;
    END LOOP;
  EXCEPTION WHEN raise_exception THEN
    RETURN -1;
  END;
  v_total := v_total * (1 - v_discount) * (1 + v_w_tax + v_d_tax);
  RETURN v_o_id;
END $$;

-- Payment (clause 2.5): returns the customer's number
CREATE FUNCTION tpcc_payment(p_w_id int, p_d_id int, p_c_w_id int, p_c_d_id int, p_by_name bool,
                             p_c_raw int, p_last_raw int, p_amount_cents int)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_amount numeric(6,2) := p_amount_cents / 100.0;
  v_w_name text;
  v_d_name text;
  v_c_id int;
BEGIN
  UPDATE warehouse SET w_ytd = w_ytd + v_amount WHERE w_id = p_w_id RETURNING w_name INTO v_w_name;
  UPDATE district SET d_ytd = d_ytd + v_amount
  WHERE d_w_id = p_w_id AND d_id = p_d_id RETURNING d_name INTO v_d_name;
  v_c_id := tpcc_customer(p_c_w_id, p_c_d_id, p_by_name, p_c_raw, p_last_raw);
  UPDATE customer SET
    c_balance = c_balance - v_amount, c_ytd_payment = c_ytd_payment + v_amount,
    c_payment_cnt = c_payment_cnt + 1,
    c_data = CASE WHEN c_credit = 'BC'
      THEN left(concat_ws(' ', v_c_id, p_c_d_id, p_c_w_id, p_d_id, p_w_id, v_amount) || '|' || c_data, 500)
      ELSE c_data END
  WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;
  INSERT INTO history
  VALUES (v_c_id, p_c_d_id, p_c_w_id, p_d_id, p_w_id, now(), v_amount, v_w_name || '    ' || v_d_name);
  RETURN v_c_id;
END $$;

-- Order-Status (clause 2.6): returns the number of the customer's last order's lines
CREATE FUNCTION tpcc_order_status(p_w_id int, p_d_id int, p_by_name bool, p_c_raw int,
                                  p_last_raw int)
RETURNS int LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_c_id int := tpcc_customer(p_w_id, p_d_id, p_by_name, p_c_raw, p_last_raw);
  v_balance numeric;
  v_o_id int;
  v_lines int;
BEGIN
  SELECT c_balance INTO v_balance
  FROM customer WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = v_c_id;
  SELECT o_id INTO v_o_id FROM orders
  WHERE o_w_id = p_w_id AND o_d_id = p_d_id AND o_c_id = v_c_id ORDER BY o_id DESC LIMIT 1;
  SELECT count(*) INTO v_lines FROM (
    SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line
    WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id = v_o_id) l;
  RETURN v_lines;
END $$;

-- Delivery (clause 2.7), of the warehouse's 10 districts at once: returns the orders delivered
-- (a district without an undelivered order is skipped, clause 2.7.4.2)
CREATE FUNCTION tpcc_delivery(p_w_id int, p_carrier int)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_o_id int;
  v_c_id int;
  v_total numeric;
  v_done int := 0;
BEGIN
  FOR d IN 1 .. 10 LOOP
    SELECT no_o_id INTO v_o_id FROM new_order
    WHERE no_w_id = p_w_id AND no_d_id = d ORDER BY no_o_id LIMIT 1 FOR UPDATE SKIP LOCKED;
    CONTINUE WHEN NOT FOUND;
    DELETE FROM new_order WHERE no_w_id = p_w_id AND no_d_id = d AND no_o_id = v_o_id;
    UPDATE orders SET o_carrier_id = p_carrier
    WHERE o_w_id = p_w_id AND o_d_id = d AND o_id = v_o_id RETURNING o_c_id INTO v_c_id;
    UPDATE order_line SET ol_delivery_d = now()
    WHERE ol_w_id = p_w_id AND ol_d_id = d AND ol_o_id = v_o_id;
    SELECT sum(ol_amount) INTO v_total FROM order_line
    WHERE ol_w_id = p_w_id AND ol_d_id = d AND ol_o_id = v_o_id;
    UPDATE customer SET c_balance = c_balance + v_total, c_delivery_cnt = c_delivery_cnt + 1
    WHERE c_w_id = p_w_id AND c_d_id = d AND c_id = v_c_id;
    v_done := v_done + 1;
  END LOOP;
  RETURN v_done;
END $$;

-- Stock-Level (clause 2.8): the district's last 20 orders' distinct items below the threshold
CREATE FUNCTION tpcc_stock_level(p_w_id int, p_d_id int, p_threshold int)
RETURNS int LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_next int;
  v_low int;
BEGIN
  SELECT d_next_o_id INTO v_next FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;
  SELECT count(DISTINCT s_i_id) INTO v_low
  FROM order_line JOIN stock ON s_w_id = p_w_id AND s_i_id = ol_i_id
  WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id >= v_next - 20 AND ol_o_id < v_next
    AND s_quantity < p_threshold;
  RETURN v_low;
END $$;
