package org.jpgbench.expr;

/** Builds the evaluator node of a function call whose arguments have been checked. */
final class Builtins {
  private Builtins() {}

  static Expr build(Function f, Expr[] a) {
    return switch (f) {
      case ABS -> Fold.fold(new MathExpr.Unary(MathExpr.ABS, a[0]), a);
      case DEBUG -> new MathExpr.Unary(MathExpr.DEBUG, a[0]);
      case DOUBLE -> Fold.fold(new MathExpr.Unary(MathExpr.DOUBLE, a[0]), a);
      case INT -> Fold.fold(new MathExpr.Unary(MathExpr.INT, a[0]), a);
      case SQRT -> Fold.fold(new MathExpr.Unary(MathExpr.SQRT, a[0]), a);
      case LN -> Fold.fold(new MathExpr.Unary(MathExpr.LN, a[0]), a);
      case EXP -> Fold.fold(new MathExpr.Unary(MathExpr.EXP, a[0]), a);
      case PI -> Fold.fold(new MathExpr.Pi());
      case POW, POWER -> Fold.fold(new MathExpr.Pow(a[0], a[1]), a);
      case MOD -> Fold.fold(new BinaryExpr(BinaryExpr.MOD, a[0], a[1]), a);
      case LEAST -> Fold.fold(new MathExpr.Extremum(true, a), a);
      case GREATEST -> Fold.fold(new MathExpr.Extremum(false, a), a);
      case RANDOM -> new RandomExpr.Call(RandomExpr.RANDOM, a[0], a[1], null);
      case RANDOM_EXPONENTIAL -> new RandomExpr.Call(RandomExpr.EXPONENTIAL, a[0], a[1], a[2]);
      case RANDOM_GAUSSIAN -> new RandomExpr.Call(RandomExpr.GAUSSIAN, a[0], a[1], a[2]);
      case RANDOM_ZIPFIAN -> new RandomExpr.Call(RandomExpr.ZIPFIAN, a[0], a[1], a[2]);
      case HASH, HASH_MURMUR2 ->
          Fold.fold(new RandomExpr.Call(RandomExpr.MURMUR2, a[0], a[1], null), a);
      case HASH_FNV1A -> Fold.fold(new RandomExpr.Call(RandomExpr.FNV1A, a[0], a[1], null), a);
      case PERMUTE -> new RandomExpr.Call(RandomExpr.PERMUTE, a[0], a[1], a[2]);
    };
  }
}
