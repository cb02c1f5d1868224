package org.jpgbench.expr;

/** A constant (literal or folded). */
final class ConstExpr extends Expr {
  final byte type;
  final long i;
  final double d;

  ConstExpr(Value v) {
    this.type = v.type;
    this.i = v.i;
    this.d = v.d;
  }

  static ConstExpr ofInt(long v) {
    Value x = new Value();
    x.setInt(v);
    return new ConstExpr(x);
  }

  static ConstExpr ofDouble(double v) {
    Value x = new Value();
    x.setDouble(v);
    return new ConstExpr(x);
  }

  static ConstExpr ofBool(boolean v) {
    Value x = new Value();
    x.setBool(v);
    return new ConstExpr(x);
  }

  static ConstExpr ofNull() {
    Value x = new Value();
    x.setNull();
    return new ConstExpr(x);
  }

  @Override
  public void eval(EvalContext ctx, Value out) {
    out.type = type;
    out.i = i;
    out.d = d;
  }
}
