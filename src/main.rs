fn main() {
    let p = std::env::args().nth(1).unwrap();
    let s = std::fs::read_to_string(&p).unwrap();
    match heapgame::syntax::parse_file(&s) {
        Ok(r) => println!("OK {} items", r.items.len()),
        Err(e) => println!("ERR {e:?}"),
    }
}
