package org.jpgbench.run;

import org.jpgbench.config.Options;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.Value;
import org.jpgbench.expr.Variables;
import org.jpgbench.random.SeedPlan;

/** A client's variables at its start, in pgbench's order. */
final class ClientVariables {
  private ClientVariables() {}

  /** -D values, then scale, client_id, default_seed and random_seed unless -D set them. */
  static Variables of(Options o, SymbolTable symbols, int clientId, int scale, SeedPlan seeds) {
    Variables v = new Variables(symbols);
    for (var d : o.run().defines().entrySet()) {
      v.setString(symbols.slotOf(d.getKey()), d.getValue());
    }
    Value value = new Value();
    if (!o.run().defines().containsKey("scale")) {
      value.setInt(scale);
      v.set(symbols.slotOf("scale"), value);
    }
    if (!o.run().defines().containsKey("client_id")) {
      value.setInt(clientId);
      v.set(symbols.slotOf("client_id"), value);
    }
    if (seeds.hasDefaultSeed()) {
      value.setInt(seeds.defaultSeed());
      v.set(symbols.slotOf("default_seed"), value);
    }
    if (!o.run().defines().containsKey("random_seed")) {
      value.setInt(seeds.randomSeed());
      v.set(symbols.slotOf("random_seed"), value);
    }
    return v;
  }
}
