fn main() {
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .emit_rerun_directives(true)
        .process()
        .expect("the grammar in grammar/ must compile");
}
