package org.jpgbench.expr;

/**
 * pgbench's operators as exprparse.y declares them: their precedence levels (lowest first) and the
 * nodes they make, constants folded. Used by {@link ExprParser}.
 */
final class Operators {
  static final int OR_LEVEL = 1;
  static final int AND_LEVEL = 2;
  static final int NOT_LEVEL = 3;
  static final int IS_LEVEL = 4;
  static final int CMP_LEVEL = 5;
  static final int BIT_LEVEL = 6;
  static final int ADD_LEVEL = 7;
  static final int MUL_LEVEL = 8;
  static final int UNARY_LEVEL = 9;

  private Operators() {}

  static int infixLevel(int kind) {
    return switch (kind) {
      case ExprLexer.OR -> OR_LEVEL;
      case ExprLexer.AND -> AND_LEVEL;
      case ExprLexer.IS, ExprLexer.ISNULL, ExprLexer.NOTNULL -> IS_LEVEL;
      case '=', '<', '>', ExprLexer.NE, ExprLexer.LE, ExprLexer.GE -> CMP_LEVEL;
      case '|', '#', '&', ExprLexer.LSHIFT, ExprLexer.RSHIFT -> BIT_LEVEL;
      case '+', '-' -> ADD_LEVEL;
      case '*', '/', '%' -> MUL_LEVEL;
      default -> -1;
    };
  }

  static int binaryOp(int kind) {
    return switch (kind) {
      case '|' -> BinaryExpr.BITOR;
      case '#' -> BinaryExpr.BITXOR;
      case '&' -> BinaryExpr.BITAND;
      case ExprLexer.LSHIFT -> BinaryExpr.LSHIFT;
      case ExprLexer.RSHIFT -> BinaryExpr.RSHIFT;
      case '+' -> BinaryExpr.ADD;
      case '-' -> BinaryExpr.SUB;
      case '*' -> BinaryExpr.MUL;
      case '/' -> BinaryExpr.DIV;
      default -> BinaryExpr.MOD;
    };
  }

  /** a &gt; b is b &lt; a and a &gt;= b is b &lt;= a: the right operand is evaluated first. */
  static Expr comparison(int kind, Expr l, Expr r) {
    return switch (kind) {
      case '=' -> binary(BinaryExpr.EQ, l, r);
      case ExprLexer.NE -> binary(BinaryExpr.NE, l, r);
      case '<' -> binary(BinaryExpr.LT, l, r);
      case ExprLexer.LE -> binary(BinaryExpr.LE, l, r);
      case '>' -> binary(BinaryExpr.LT, r, l);
      default -> binary(BinaryExpr.LE, r, l);
    };
  }

  static Expr binary(int op, Expr l, Expr r) {
    return Fold.fold(new BinaryExpr(op, l, r), l, r);
  }

  static Expr not(Expr e) {
    return Fold.fold(new LogicExpr.Not(e), e);
  }

  static Expr isExpr(Expr e, byte type, boolean bool) {
    return Fold.fold(new LogicExpr.Is(e, type, bool), e);
  }
}
