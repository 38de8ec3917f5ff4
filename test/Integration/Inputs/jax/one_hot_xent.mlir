// bench/jax_zoo.py's one_hot_xent: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<16x32xf32>, %arg1: tensor<16xi32>) -> tensor<f32> {
    %cst = arith.constant 1.600000e+01 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %cst_2 = arith.constant dense<"0xA7077DBCCFC80A3C5ACA5EBCEB027EBCEDB4013E83F8723CB84B5B3E0259CD3DD8D7EDBC2DC7123DC8FB90BDAC28C9BC075EB53D48FFA03D630DB63DF000613D2DCCC53D200838BE9438B03D92A425BE6C6DC4BB14291ABEFAF2CCBD5CCD833D82372DBED71D543DCF7CA13DDDCBE3BD9F5B26BDF29EE8BDC81AE43D5C1608BD232A4F3D23FB4E3EC78CDA3A9BFF5A3ED08D853EDBF102BE8EB2BE3DD1E7C93DB095E53DB85A0F3C4625203EB2B7BE3C045FA53DE2804D3D6302943DE260B03D5F07013E68CDAA3D8853DCBD941018BDC76D4EBD3E39BBBD86EC88BCCF6859BED8687F3C323DC7BDFD9B9BBD796010BE859A8CBE55B8053DA7A9953D0869ABBC33AF00BD0F6A2B3E82E428BDF050E33C2F4E51BD45B7D7BCE73C8FBD606BC7BD6C541EBE4E2314BED76F21BE4A52583EE85C663ECD7F5E3DF197233EFC0E31BE237000BEB8F47CBDADA43ABEFB44B93D5F0EADBD391A993C87A026BE89C88F3D9506923DD581E3BB9F06A03D47CE3BBCEB78D23DE17C04BE636AC4BD994313BC389E34BC1FE071BB278F453D16D41E3D0B5115BEB2609D3D12D5B0BD961FC63D6A7BBB3C5B4CEE3D0D94D7BD28FF92BDF1D796BD35F926BE2D1024BEA2BAD33D8A66F3BDA892FE3D2084983D200C9CBD1268E03DCFD4CF3BB531563DC3F00D3A6FD214BD308491BD97FF91BC7C6B1CBD38160EBD7707AD3BE3AA2C3C73884D3D35CBD03C7DA63CBDA4AA11BC32F41F3EB203573E30F012BDCD70663E426DF13DBCBB923E6FBED5BCBB7C9B3E98E1D13D6DD0CE3C8F8C833DFBCB20BD47B203BDE151453C738275BD43A661BEC717003C601A523D436F463D0F3D39BC370B243E87B811BD5F19303D43118F3B4869173EEF3F863EE80FB7BB244FA23D4E76333DE3F74D3D9639CCBD554EAF3D1A08F0BD73862E3E6F3FCB3C353B543E944087BD06422A3CECD43F3E7CBD093E47ADF33D4F480DBEAA1188BDF85A193EE0C4623D9829A3BBC2A2BE3DC4C3123D146A90BDF88F5FBD56B6ACBDFB7C01BEBA30443DB7509EBD4B999C3D5020A93D092C1F3E3016883DD41899BDC35321BD00C639BD3D73EFBD33CE833EB512A73D947E943DD0374F3DC025A43D5BD2B4BD53BF1EBD5BFADEBC68A76BBDD786DC3CC9C0C5BC99D1263DEDCFF1BC85F1363D7C5C993D8580B3BD0FC70C3EEE620C3DA0CBD9BD0D637F3D128682BD436A3F3E4EE32BBD4876573D22B6673DAFECC53D2D76D7BDF9FE92BECA201BBDAC94373DEA3BD43DA6C34B3C67E9F73D12701FBD87FD35BDCA72553DF889683D684CDB3D41C443BE930E433D6F05853B56CE8BBC1EB79F3DFAD25BBE581BF43C1BB5EDBD08E0783DD33BC6BDE2C5D7BD65C1133E8BB8B2BD2E08093D88110ABDE60A8ABCF0EE19BE00F2CE3B60B70C3DC79CA43C28FC6CBE979207BE9512BC3D3267C33C846A4ABE974C21BCE3D02FBDF361CD3C48E72B3E8DDAB3BDC3B6CBBD9BD8313ED86F713D557A62BD48A5733DEE98A2BD08C3F2BD3019D8BBA2C9EFBC58B571BCD0CE0B3ED779EABD0B0A08BE1F04B73D9224733D9876913D0374723D826613BD3F48763E517A06BB431DE1BC971359BDF7C944BEBF13383D577A6E3D60017C3D536B34BB13AEBD3C294B96BD1D9BC33B624672BAE4AF123D576FAFBD5216F8BD65F7A43D2F8B90BC8D7FF53DEBFE2CBD7A472EBD3D82C93DB834E43C0800A4BDAA4D3F3C3F9A703C4F7786BCF8ECD2BD9754AC3D5229F73CC3ED91BC0257CD3D3F0822BC6261603CFA497ABDE3535CBD1497803EED0B7EBCABA818BEFB8ACABD6D04FF3D"> : tensor<32x10xf32>
    %0 = tensor.empty() : tensor<16x10xf32>
    %1 = linalg.fill ins(%cst_1 : f32) outs(%0 : tensor<16x10xf32>) -> tensor<16x10xf32>
    %2 = linalg.matmul ins(%arg0, %cst_2 : tensor<16x32xf32>, tensor<32x10xf32>) outs(%1 : tensor<16x10xf32>) -> tensor<16x10xf32>
    %3 = tensor.empty() : tensor<16xf32>
    %4 = linalg.fill ins(%cst_0 : f32) outs(%3 : tensor<16xf32>) -> tensor<16xf32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<16x10xf32>) outs(%4 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.maximumf %out, %in : f32
      linalg.yield %43 : f32
    } -> tensor<16xf32>
    %6 = tensor.empty() : tensor<16x10xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16xf32>) outs(%6 : tensor<16x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x10xf32>
    %8 = tensor.empty() : tensor<16x10xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2, %7 : tensor<16x10xf32>, tensor<16x10xf32>) outs(%8 : tensor<16x10xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %43 = arith.subf %in, %in_3 : f32
      linalg.yield %43 : f32
    } -> tensor<16x10xf32>
    %10 = tensor.empty() : tensor<16x10xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<16x10xf32>) outs(%10 : tensor<16x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = math.exp %in : f32
      linalg.yield %43 : f32
    } -> tensor<16x10xf32>
    %12 = tensor.empty() : tensor<16xf32>
    %13 = linalg.fill ins(%cst_1 : f32) outs(%12 : tensor<16xf32>) -> tensor<16xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%11 : tensor<16x10xf32>) outs(%13 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.addf %out, %in : f32
      linalg.yield %43 : f32
    } -> tensor<16xf32>
    %15 = tensor.empty() : tensor<16xf32>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%14 : tensor<16xf32>) outs(%15 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = math.log %in : f32
      linalg.yield %43 : f32
    } -> tensor<16xf32>
    %expanded = tensor.expand_shape %16 [[0, 1]] output_shape [16, 1] : tensor<16xf32> into tensor<16x1xf32>
    %17 = tensor.empty() : tensor<16x10xf32>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%expanded : tensor<16x1xf32>) outs(%17 : tensor<16x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x10xf32>
    %19 = tensor.empty() : tensor<16x10xf32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9, %18 : tensor<16x10xf32>, tensor<16x10xf32>) outs(%19 : tensor<16x10xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %43 = arith.subf %in, %in_3 : f32
      linalg.yield %43 : f32
    } -> tensor<16x10xf32>
    %21 = tensor.empty() : tensor<1x10xi32>
    %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%21 : tensor<1x10xi32>) {
    ^bb0(%out: i32):
      %43 = linalg.index 1 : index
      %44 = arith.index_cast %43 : index to i32
      linalg.yield %44 : i32
    } -> tensor<1x10xi32>
    %23 = tensor.empty() : tensor<16x10xi32>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<16xi32>) outs(%23 : tensor<16x10xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x10xi32>
    %25 = tensor.empty() : tensor<16x10xi32>
    %26 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<1x10xi32>) outs(%25 : tensor<16x10xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x10xi32>
    %27 = tensor.empty() : tensor<16x10xi1>
    %28 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%24, %26 : tensor<16x10xi32>, tensor<16x10xi32>) outs(%27 : tensor<16x10xi1>) {
    ^bb0(%in: i32, %in_3: i32, %out: i1):
      %43 = arith.cmpi eq, %in, %in_3 : i32
      linalg.yield %43 : i1
    } -> tensor<16x10xi1>
    %29 = tensor.empty() : tensor<16x10xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%28 : tensor<16x10xi1>) outs(%29 : tensor<16x10xf32>) {
    ^bb0(%in: i1, %out: f32):
      %43 = arith.uitofp %in : i1 to f32
      linalg.yield %43 : f32
    } -> tensor<16x10xf32>
    %31 = tensor.empty() : tensor<16x10xf32>
    %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%30, %20 : tensor<16x10xf32>, tensor<16x10xf32>) outs(%31 : tensor<16x10xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %43 = arith.mulf %in, %in_3 : f32
      linalg.yield %43 : f32
    } -> tensor<16x10xf32>
    %33 = tensor.empty() : tensor<16xf32>
    %34 = linalg.fill ins(%cst_1 : f32) outs(%33 : tensor<16xf32>) -> tensor<16xf32>
    %35 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%32 : tensor<16x10xf32>) outs(%34 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.addf %out, %in : f32
      linalg.yield %43 : f32
    } -> tensor<16xf32>
    %36 = tensor.empty() : tensor<f32>
    %37 = linalg.fill ins(%cst_1 : f32) outs(%36 : tensor<f32>) -> tensor<f32>
    %38 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%35 : tensor<16xf32>) outs(%37 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.addf %out, %in : f32
      linalg.yield %43 : f32
    } -> tensor<f32>
    %39 = tensor.empty() : tensor<f32>
    %40 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%38 : tensor<f32>) outs(%39 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.divf %in, %cst : f32
      linalg.yield %43 : f32
    } -> tensor<f32>
    %41 = tensor.empty() : tensor<f32>
    %42 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%40 : tensor<f32>) outs(%41 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.negf %in : f32
      linalg.yield %43 : f32
    } -> tensor<f32>
    func.return %42 : tensor<f32>
  }
}