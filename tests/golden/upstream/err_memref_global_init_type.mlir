// The initializer of a global has the tensor type of its memref.
memref.global @g : memref<4xf16> = dense<1.0> : tensor<8xf16>
