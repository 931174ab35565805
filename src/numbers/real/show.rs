//! The printed form of a [`Real`]: `(1 + sqrt(5))/2`, `-(pi + 1)`, `3/2*pi`, with the
//! fewest parentheses that keep the precedence of each operator. A child of `real.rs` (it
//! reads the representation).

use std::fmt;

use super::super::surd::{PREC_ADD, PREC_ATOM, PREC_MUL, PREC_NEG};
use super::{Node, Real, Repr};

impl Real {
    /// Printed form with its precedence and whether it starts with a minus.
    fn show(&self) -> (String, u8, bool) {
        match &self.repr {
            Repr::Exact(q) => {
                let (prec, minus) = q.display_prec();
                (q.to_string(), prec, minus)
            }
            Repr::Tree(t) => t.node.show(),
        }
    }
}

impl Node {
    /// Printed form with its precedence and whether it starts with a minus.
    fn show(&self) -> (String, u8, bool) {
        fn left(x: &Real, prec: u8) -> (String, bool) {
            let (s, p, minus) = x.show();
            if p < prec {
                (format!("({s})"), false)
            } else {
                (s, minus)
            }
        }
        fn right(x: &Real, prec: u8, strict: bool) -> String {
            let (s, p, minus) = x.show();
            if minus || p < prec || (strict && p == prec) {
                format!("({s})")
            } else {
                s
            }
        }
        let bin = |x: &Real, y: &Real, op: &str, prec: u8, strict: bool| {
            let (l, minus) = left(x, prec);
            (format!("{l}{op}{}", right(y, prec, strict)), prec, minus)
        };
        match self {
            Node::Pi => ("pi".to_string(), PREC_ATOM, false),
            Node::E => ("e".to_string(), PREC_ATOM, false),
            Node::Add(x, y) => bin(x, y, " + ", PREC_ADD, false),
            Node::Sub(x, y) => bin(x, y, " - ", PREC_ADD, true),
            Node::Mul(x, y) => bin(x, y, "*", PREC_MUL, false),
            Node::Div(x, y) => bin(x, y, "/", PREC_MUL, true),
            Node::Neg(x) => {
                let (s, p, minus) = x.show();
                let s = if minus || p < PREC_MUL {
                    format!("({s})")
                } else {
                    s
                };
                (format!("-{s}"), PREC_NEG, true)
            }
            Node::Sqrt(x) => (format!("sqrt({})", x.show().0), PREC_ATOM, false),
        }
    }
}

impl fmt::Display for Real {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.show().0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Real;

    fn int(n: i64) -> Real {
        Real::from_int(n)
    }

    fn ratio(a: i64, b: i64) -> Real {
        Real::from_ratio(a.into(), b.into()).unwrap()
    }

    fn sqrt(n: i64) -> Real {
        int(n).sqrt().unwrap()
    }

    #[test]
    fn display_forms() {
        let pi = Real::pi();
        let cases: Vec<(Real, &str)> = vec![
            (int(7), "7"),
            (int(-7), "-7"),
            (ratio(3, 2), "3/2"),
            (ratio(6, -4), "-3/2"),
            (Real::phi(), "(1 + sqrt(5))/2"),
            (
                int(1).sub(&sqrt(5)).div(&int(2)).unwrap(),
                "(1 - sqrt(5))/2",
            ),
            (sqrt(2).neg(), "-sqrt(2)"),
            (sqrt(2).neg().div(&int(2)).unwrap(), "-sqrt(2)/2"),
            (int(3).mul(&sqrt(2)).div(&int(2)).unwrap(), "3*sqrt(2)/2"),
            (pi.clone(), "pi"),
            (Real::e(), "e"),
            (pi.neg(), "-pi"),
            (pi.neg().neg(), "pi"),
            (pi.add(&int(1)).neg(), "-(pi + 1)"),
            (pi.sub(&int(1).sub(&pi)), "pi - (1 - pi)"),
            (pi.sub(&int(-2)), "pi - (-2)"),
            (int(2).mul(&pi).add(&sqrt(2)), "2*pi + sqrt(2)"),
            (pi.add(&int(1)).mul(&pi), "(pi + 1)*pi"),
            (pi.div(&pi.mul(&int(2))).unwrap(), "pi/(pi*2)"),
            (ratio(3, 2).mul(&pi), "3/2*pi"),
            (pi.mul(&ratio(3, 2)), "pi*3/2"),
            (Real::phi().mul(&pi), "(1 + sqrt(5))/2*pi"),
            (int(2).add(&sqrt(2)).mul(&pi), "(2 + sqrt(2))*pi"),
            (sqrt(2).add(&sqrt(3)), "sqrt(2) + sqrt(3)"),
            (sqrt(2).sqrt().unwrap(), "sqrt(sqrt(2))"),
            (Real::phi().sqrt().unwrap(), "sqrt((1 + sqrt(5))/2)"),
        ];
        for (x, s) in cases {
            assert_eq!(x.to_string(), s);
        }
    }
}
