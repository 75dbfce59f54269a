// An empty module: the generic form keeps its (empty) body block.
module {
}
