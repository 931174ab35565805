//! Resolving a name in an expression: a parameter, `let` or `for` constant, a slot of the
//! move being played, or one of the solver's names (`heaps`, `winning`, ...). A child of
//! `compile.rs` (it reads the compiler's private state).

use super::*;

impl Compiler<'_> {
    pub(super) fn name(&mut self, name: &str, sp: &Span, scope: &Scope) -> Option<(CExpr, Type)> {
        let b = match scope.get(name) {
            Some(Binding::Poisoned) => return None,
            Some(Binding::Fn(def)) => {
                let n = def.params.len();
                self.push(
                    Diag::new(
                        Code::Type,
                        sp.clone(),
                        format!("`{name}` is a function, not a value"),
                        "a function",
                    )
                    .help(format!(
                        "call it with its {n} argument{}: `{name}(...)`",
                        if n == 1 { "" } else { "s" }
                    )),
                );
                return None;
            }
            Some(Binding::Arg(arg)) => {
                let (e, arg_scope) = &**arg;
                return self.compile(e, &mut arg_scope.clone());
            }
            Some(b) => b.clone(),
            None if matches!(name, "grundy" | "winning" | "genus") => {
                return self.solver_name(name, sp, scope)
            }
            None => {
                let v = match name {
                    "pi" => Value::Real(Real::pi()),
                    "e" => Value::Real(Real::e()),
                    "phi" => Value::Real(Real::phi()),
                    _ => {
                        let candidates: Vec<&str> =
                            scope.all_names().chain(CONSTANTS.iter().copied()).collect();
                        let mut d = Diag::new(
                            Code::UnknownName,
                            sp.clone(),
                            format!("unknown name `{name}`"),
                            "not defined",
                        );
                        d = match suggest(name, candidates.iter().copied()) {
                            Some(s) => d.help(format!("did you mean `{s}`?")),
                            None => d.help(
                                "names are parameters, `let` definitions, constants (pi, e, phi) \
                                 and names given in a move",
                            ),
                        };
                        self.push(d);
                        return None;
                    }
                };
                let t = v.ty();
                return Some((CExpr::constant(v, sp.clone()), t));
            }
        };
        Some(binding_expr(&b, sp))
    }

    /// `grundy` (the position's Grundy value), `winning` (the positions its winning moves
    /// reach) or `genus` (its genus as a list `[g, γ0, γ1, ...]`), which only a claim can read.
    pub(super) fn solver_name(
        &mut self,
        name: &str,
        sp: &Span,
        scope: &Scope,
    ) -> Option<(CExpr, Type)> {
        let Some(names) = &scope.claim else {
            self.push(
                Diag::new(
                    Code::NotAllowed,
                    sp.clone(),
                    format!("`{name}` is known only in a claim"),
                    "read from the solver",
                )
                .help(format!(
                    "`{name}` is what the solver finds at the position a claim is checked on; \
                     use it in a `claim` (or a `fn` called from one)"
                )),
            );
            return None;
        };
        let (g, w) = names.used.get();
        if name == "genus" {
            let Some(slot) = names.genus else {
                self.push(
                    Diag::new(
                        Code::NotAllowed,
                        sp.clone(),
                        "`genus` is known in a `claim`, not in a family's condition".to_string(),
                        "read from the solver",
                    )
                    .help("state the genus in a `claim:` condition"),
                );
                return None;
            };
            names.genus_used.set(true);
            return Some((
                CExpr {
                    kind: CKind::ListSlot(slot),
                    span: sp.clone(),
                },
                Type::List,
            ));
        }
        if name == "grundy" {
            names.used.set((true, w));
            Some((
                CExpr {
                    kind: CKind::IntSlot(names.grundy),
                    span: sp.clone(),
                },
                Type::Int,
            ))
        } else {
            names.used.set((g, true));
            let slot = CExpr {
                kind: CKind::ListSlot(names.winning),
                span: sp.clone(),
            };
            Some((
                CExpr {
                    kind: CKind::Call(Builtin::Winning, vec![slot]),
                    span: sp.clone(),
                },
                Type::TupleSet,
            ))
        }
    }
}
