//! The instructions for the two builtins a board rule written in cg calls on every square it
//! looks at, `cell(g, (r, c))` and `fill(g, [cells], s)`, with their cells written out in the
//! call. The fast path reads the grid and the coordinates where they lie and makes no tuple,
//! list or argument buffer; anything else (a value of another kind, a coordinate off the
//! board that `fill` refuses) runs the builtin itself on the values the call would have built,
//! so values and errors are the builtin's own.

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::board::Grid;
use crate::syntax::ast::Span;

use super::super::builtins::{self, Arg, PlainFn};
use super::super::bytecode::{CellOperand, Code, Reg, SpanId, MAX_FILLED};
use super::super::error::{EvalError, Flow};
use super::super::interp::Interpreter;
use super::super::num::Num;
use super::super::value::Value;
use crate::core::refusal_message;

impl Interpreter {
    /// `CellAt`: the value of `cell(grid, at)` into `dst`.
    pub(super) fn cell_at(
        &mut self,
        code: &Code,
        [dst, grid]: [Reg; 2],
        at: CellOperand,
        run: PlainFn,
        spans: SpanId,
    ) -> Flow<()> {
        if let (Value::Grid(g), Some((r, c))) = (self.register(grid), self.coordinates(at)) {
            // Off the board on any side is no cell, as the builtin says.
            let symbol = match (usize::try_from(r), usize::try_from(c)) {
                (Ok(r), Ok(c)) => g.get((r, c)),
                _ => None,
            };
            self.discard(code, grid);
            self.discard_cell(code, at);
            self.set(dst, symbol.map_or(Value::Nothing, builtins::symbol_string));
            return Ok(());
        }
        let g = self.consume(code, grid);
        let at = self.consume_cell(code, at);
        let v = run_plain(code, run, spans, [g, at])?;
        self.set(dst, v);
        Ok(())
    }

    /// `FillAt`: the value of `fill(grid, [cells], symbol)` into `dst`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn fill_at(
        &mut self,
        code: &Code,
        [dst, grid, symbol]: [Reg; 3],
        cells: u32,
        count: u32,
        run: PlainFn,
        spans: SpanId,
    ) -> Flow<()> {
        let operands = &code.cell_operands[cells as usize..(cells + count) as usize];
        if let Some(filled) = self.fill_in_place(grid, operands, symbol) {
            self.discard(code, grid);
            for &operand in operands {
                self.discard_cell(code, operand);
            }
            self.discard(code, symbol);
            self.set(dst, Value::Grid(filled));
            return Ok(());
        }
        let g = self.consume(code, grid);
        let list = operands
            .iter()
            .map(|&operand| self.consume_cell(code, operand))
            .collect();
        let s = self.consume(code, symbol);
        let v = run_plain(code, run, spans, [g, Value::list(list), s])?;
        self.set(dst, v);
        Ok(())
    }

    /// The filled grid, when the grid, every cell and the symbol are of the kinds the builtin
    /// takes and it would succeed; `None` sends the call to the builtin.
    fn fill_in_place(&self, grid: Reg, operands: &[CellOperand], symbol: Reg) -> Option<Grid> {
        let Value::Grid(g) = self.register(grid) else {
            return None;
        };
        let Value::Str(s) = self.register(symbol) else {
            return None;
        };
        let [to] = *s.as_bytes() else { return None };
        let mut coords = [(0usize, 0usize); MAX_FILLED];
        for (coord, &operand) in coords.iter_mut().zip(operands) {
            let (r, c) = self.coordinates(operand)?;
            *coord = (usize::try_from(r).ok()?, usize::try_from(c).ok()?);
        }
        g.set_all(&coords[..operands.len()], to).ok()
    }

    /// The row and column of a cell operand, when they are machine integers.
    #[inline(always)]
    fn coordinates(&self, at: CellOperand) -> Option<(i64, i64)> {
        match at {
            CellOperand::Pair(r, c) => Some((self.small(r)?, self.small(c)?)),
            CellOperand::Value(v) => match self.register(v) {
                Value::Tuple(items) => match **items {
                    [Value::Number(Num::Small(r)), Value::Number(Num::Small(c))] => Some((r, c)),
                    _ => None,
                },
                _ => None,
            },
        }
    }

    /// The value of a cell operand for the builtin's own path: a pair written out becomes the
    /// tuple the call would have made.
    fn consume_cell(&mut self, code: &Code, at: CellOperand) -> Value {
        match at {
            CellOperand::Pair(r, c) => Value::pair(self.consume(code, r), self.consume(code, c)),
            CellOperand::Value(v) => self.consume(code, v),
        }
    }

    /// Empties the intermediate registers of a cell operand the fast path has read.
    #[inline(always)]
    fn discard_cell(&mut self, code: &Code, at: CellOperand) {
        match at {
            CellOperand::Pair(r, c) => {
                self.discard(code, r);
                self.discard(code, c);
            }
            CellOperand::Value(v) => self.discard(code, v),
        }
    }

    /// The machine integer in register `r`, if it holds one.
    #[inline(always)]
    fn small(&self, r: Reg) -> Option<i64> {
        match self.register(r) {
            Value::Number(Num::Small(n)) => Some(*n),
            _ => None,
        }
    }
}

/// Runs a plain builtin on the values of a call whose spans start at `spans` (the call's, then
/// each argument's), a panic inside it becoming an error at the call.
fn run_plain<const N: usize>(
    code: &Code,
    run: PlainFn,
    spans: SpanId,
    values: [Value; N],
) -> Flow<Value> {
    let s = spans as usize;
    let args: Vec<Arg> = values
        .into_iter()
        .zip(&code.spans[s + 1..s + 1 + N])
        .map(|(value, span)| Arg {
            value,
            span: span.clone(),
        })
        .collect();
    let span: &Span = &code.spans[s];
    match catch_unwind(AssertUnwindSafe(|| run(&args, span))) {
        Ok(result) => Ok(result?),
        Err(payload) => Err(EvalError::new(refusal_message(payload), span.clone()).into()),
    }
}
