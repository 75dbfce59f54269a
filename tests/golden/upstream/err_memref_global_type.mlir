// A global's type is a statically shaped memref.
memref.global @g : tensor<4xf16>
