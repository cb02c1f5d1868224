package org.jpgbench.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses one pgbench expression (exprparse.y) from a script text and compiles it into evaluator
 * nodes: variables resolved to slots, function arities checked, constant subexpressions folded when
 * they evaluate without error (an error such as {@code 1/0} is left to happen at run time, as in
 * pgbench).
 *
 * <p>Operator precedence, lowest first: OR; AND; NOT (prefix); IS/ISNULL/NOTNULL (postfix); the
 * non-associative comparisons = &lt;&gt; != &lt; &lt;= &gt; &gt;=; the bit operators | # &amp;
 * &lt;&lt; &gt;&gt; and prefix ~; + -; * / %; unary + and -. Errors are reported at the token where
 * bison would detect them, so the caret lands where pgbench puts it.
 */
public final class ExprParser {

  /** A parsed expression and the index just after the newline that ended it (or the text end). */
  public record Parsed(Expr expr, int end) {}

  /**
   * pgbench's parser is bison's, whose stack holds 10,000 entries: one for its start state, one per
   * symbol shifted and not yet reduced. Deeper nesting ends with "memory exhausted" at the token
   * whose shift would overflow it. This parser keeps the same count ({@link #pending}: a construct
   * counts each token it shifts, then stands for one symbol once parsed), so it stops at the token
   * pgbench stops at: the 9,999th pending symbol (9,998 unary minus signs before an operand, 9,997
   * nested parentheses, 4,999 nested function calls). The limit also bounds the recursion of this
   * parser and of the evaluators of what it builds.
   */
  static final int MAX_SYMBOLS = 9999;

  private final ExprLexer lexer;
  private final SymbolTable symbols;
  private ExprLexer.Token peeked;

  /** Symbols bison would have on its stack at this point of the parse. */
  private int pending;

  private ExprParser(String text, int start, SymbolTable symbols) {
    this.lexer = new ExprLexer(text, start);
    this.symbols = symbols;
  }

  /**
   * Parses the expression starting at {@code start} and ending at the next unescaped newline.
   *
   * @throws ExprSyntaxException with pgbench's message, detail and caret offset
   */
  public static Parsed parse(String text, int start, SymbolTable symbols)
      throws ExprSyntaxException {
    ExprParser p = new ExprParser(text, start, symbols);
    try {
      Expr e = p.expr(0);
      ExprLexer.Token t = p.peek();
      if (t.kind != ExprLexer.END) {
        throw syntaxError(t);
      }
      return new Parsed(e, p.lexer.pos());
    } catch (ExprSyntaxException e) {
      throw p.completeLine(e);
    }
  }

  /**
   * Like pgbench, lexes on to the end of the line so the whole command can be printed; a lexical
   * error met on the way is the one reported.
   */
  private ExprSyntaxException completeLine(ExprSyntaxException e) {
    while (true) {
      if (lexer.lastWasNewline()) {
        break;
      }
      try {
        if (lexer.next().kind == ExprLexer.END) {
          break;
        }
      } catch (ExprSyntaxException later) {
        e = later;
      }
    }
    e.lineEnd(lexer.pos());
    return e;
  }

  private ExprLexer.Token peek() throws ExprSyntaxException {
    if (peeked == null) {
      peeked = lexer.next();
    }
    return peeked;
  }

  private ExprLexer.Token next() throws ExprSyntaxException {
    ExprLexer.Token t = peek();
    peeked = null;
    return t;
  }

  private ExprLexer.Token expect(int kind) throws ExprSyntaxException {
    ExprLexer.Token t = next();
    if (t.kind != kind) {
      throw syntaxError(t);
    }
    return t;
  }

  /** Counts token {@code t} as shifted; pgbench's error when its stack would overflow. */
  private ExprLexer.Token shift(ExprLexer.Token t) throws ExprSyntaxException {
    if (++pending >= MAX_SYMBOLS) {
      throw new ExprSyntaxException(ExprErrors.MEMORY_EXHAUSTED, null, t.end - 1);
    }
    return t;
  }

  /** Whether a token of {@code kind} can begin an operand (what {@link #prefixBody} takes). */
  private static boolean startsOperand(int kind) {
    return switch (kind) {
      case '(',
          '+',
          '-',
          '~',
          ExprLexer.NOT,
          ExprLexer.NULL,
          ExprLexer.BOOLEAN,
          ExprLexer.INT,
          ExprLexer.DOUBLE,
          ExprLexer.VARIABLE,
          ExprLexer.FUNCTION,
          ExprLexer.CASE ->
          true;
      default -> false;
    };
  }

  /** A construct that began at {@code mark} symbols is reduced to one. */
  private void reduce(int mark) {
    pending = mark + 1;
  }

  private static ExprSyntaxException syntaxError(ExprLexer.Token t) {
    return new ExprSyntaxException(ExprErrors.SYNTAX_ERROR, null, t.end - 1);
  }

  private Expr expr(int minLevel) throws ExprSyntaxException {
    int mark = pending;
    Expr left = prefix();
    boolean afterComparison = false;
    while (true) {
      int kind = peek().kind;
      int level = Operators.infixLevel(kind);
      if (level < 0 || level < minLevel) {
        return left;
      }
      if (level == Operators.CMP_LEVEL) {
        if (afterComparison) {
          throw syntaxError(peek()); // comparisons do not associate
        }
        shift(next());
        left = Operators.comparison(kind, left, expr(Operators.CMP_LEVEL + 1));
        reduce(mark);
        afterComparison = true;
        continue;
      }
      afterComparison = false;
      shift(next());
      if (level == Operators.IS_LEVEL) {
        left = postfix(kind, left);
        reduce(mark);
        continue;
      }
      Expr right = expr(level + 1);
      reduce(mark);
      left =
          switch (kind) {
            case ExprLexer.OR -> Fold.fold(new LogicExpr.Or(left, right), left, right);
            case ExprLexer.AND -> Fold.fold(new LogicExpr.And(left, right), left, right);
            default -> Operators.binary(Operators.binaryOp(kind), left, right);
          };
    }
  }

  /** ISNULL, NOTNULL, IS [NOT] NULL|TRUE|FALSE. */
  private Expr postfix(int kind, Expr left) throws ExprSyntaxException {
    if (kind == ExprLexer.ISNULL) {
      return Operators.isExpr(left, Value.NULL, false);
    }
    if (kind == ExprLexer.NOTNULL) {
      return Operators.not(Operators.isExpr(left, Value.NULL, false));
    }
    ExprLexer.Token t = next();
    boolean negate = false;
    if (t.kind == ExprLexer.NOT) {
      shift(t);
      negate = true;
      t = next();
    }
    Expr is;
    if (t.kind == ExprLexer.NULL) {
      shift(t);
      is = Operators.isExpr(left, Value.NULL, false);
    } else if (t.kind == ExprLexer.BOOLEAN) {
      shift(t);
      is = Operators.isExpr(left, Value.BOOL, t.bval);
    } else {
      throw syntaxError(t);
    }
    return negate ? Operators.not(is) : is;
  }

  /** A prefix construct or an operand; it stands for one symbol when it returns. */
  private Expr prefix() throws ExprSyntaxException {
    int mark = pending;
    Expr e = prefixBody();
    reduce(mark);
    return e;
  }

  private Expr prefixBody() throws ExprSyntaxException {
    ExprLexer.Token t = next();
    if (!startsOperand(t.kind)) {
      throw syntaxError(t); // not shifted: bison reports it where it stands
    }
    shift(t);
    switch (t.kind) {
      case '(' -> {
        Expr e = expr(0);
        shift(expect(')'));
        return e;
      }
      case '+' -> {
        return expr(Operators.UNARY_LEVEL);
      }
      case '-' -> {
        if (peek().kind == ExprLexer.MAXINT_PLUS_ONE) {
          shift(next());
          return ConstExpr.ofInt(Long.MIN_VALUE);
        }
        return Operators.binary(BinaryExpr.SUB, ConstExpr.ofInt(0), expr(Operators.UNARY_LEVEL));
      }
      case '~' -> {
        return Operators.binary(
            BinaryExpr.BITXOR, ConstExpr.ofInt(-1), expr(Operators.BIT_LEVEL + 1));
      }
      case ExprLexer.NOT -> {
        return Operators.not(expr(Operators.NOT_LEVEL + 1));
      }
      case ExprLexer.NULL -> {
        return ConstExpr.ofNull();
      }
      case ExprLexer.BOOLEAN -> {
        return ConstExpr.ofBool(t.bval);
      }
      case ExprLexer.INT -> {
        return ConstExpr.ofInt(t.ival);
      }
      case ExprLexer.DOUBLE -> {
        return ConstExpr.ofDouble(t.dval);
      }
      case ExprLexer.VARIABLE -> {
        return new VarExpr(symbols.slotOf(t.text), t.text);
      }
      case ExprLexer.FUNCTION -> {
        return call(t);
      }
      case ExprLexer.CASE -> {
        return caseExpr();
      }
      default -> throw syntaxError(t);
    }
  }

  private Expr caseExpr() throws ExprSyntaxException {
    List<Expr> conditions = new ArrayList<>();
    List<Expr> results = new ArrayList<>();
    shift(expect(ExprLexer.WHEN));
    Expr otherwise;
    while (true) {
      conditions.add(expr(0));
      shift(expect(ExprLexer.THEN));
      results.add(expr(0));
      ExprLexer.Token t = next();
      if (t.kind == ExprLexer.WHEN) {
        shift(t);
        continue;
      }
      if (t.kind == ExprLexer.ELSE) {
        shift(t);
        otherwise = expr(0);
        shift(expect(ExprLexer.END_KW));
      } else if (t.kind == ExprLexer.END_KW) {
        shift(t);
        otherwise = ConstExpr.ofNull();
      } else {
        throw syntaxError(t);
      }
      break;
    }
    List<Expr> all = new ArrayList<>(conditions);
    all.addAll(results);
    all.add(otherwise);
    Expr e =
        new LogicExpr.Case(
            conditions.toArray(new Expr[0]), results.toArray(new Expr[0]), otherwise);
    return Fold.fold(e, all.toArray(new Expr[0]));
  }

  private Expr call(ExprLexer.Token name) throws ExprSyntaxException {
    Function f = Function.find(name.text);
    if (f == null) {
      throw new ExprSyntaxException(ExprErrors.UNEXPECTED_FUNCTION_NAME, name.text, name.end - 1);
    }
    shift(expect('('));
    int list = pending;
    List<Expr> args = new ArrayList<>();
    // elist: empty | expr | elist ',' expr -- so a single leading comma is accepted
    ExprLexer.Token t = peek();
    if (t.kind != ')') {
      if (t.kind == ',') {
        shift(next());
      }
      args.add(expr(0));
      while (peek().kind == ',') {
        reduce(list); // elist
        shift(next());
        args.add(expr(0));
      }
    }
    ExprLexer.Token close = shift(expect(')'));
    int n = args.size();
    int errorAt = close.end - 1;
    if (f.arity == Function.VARIADIC) {
      if (n == 0) {
        throw new ExprSyntaxException(ExprErrors.AT_LEAST_ONE_ARG, f.pgName, errorAt);
      }
    } else if (f.arity == Function.OPTIONAL_SEED) {
      int max = f.seededArity();
      if (n < max - 1 || n > max) {
        throw new ExprSyntaxException(ExprErrors.UNEXPECTED_ARG_COUNT, f.pgName, errorAt);
      }
      if (n == max - 1) {
        args.add(new VarExpr(symbols.slotOf("default_seed"), "default_seed"));
      }
    } else if (n != f.arity) {
      throw new ExprSyntaxException(ExprErrors.UNEXPECTED_ARG_COUNT, f.pgName, errorAt);
    }
    return Builtins.build(f, args.toArray(new Expr[0]));
  }
}
