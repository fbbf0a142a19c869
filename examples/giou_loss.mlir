// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Generalized IoU loss over padded boxes, fused into one kernel.
//
// pred and target hold [batch, 256, 4] f32 boxes (x1, y1, x2, y2); image b
// has num_valid[b] real boxes, the rest of its 256 slots are padding and are
// masked out. The result is
//   loss = sum over valid boxes of (1 - giou) / number of valid boxes.
// One program per image reduces its boxes and adds its partial sum and count
// to global accumulators; the last program to finish (a ticket counter)
// divides. sum, count and tickets must be zero before the launch.
// Launch: grid = batch programs along x.
module {
  tile.func public @giou_loss(%pred: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %target: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %num_valid: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                              %sum: !tile.ptr<f32>, %count: !tile.ptr<i32>,
                              %tickets: !tile.ptr<i32>, %loss: !tile.ptr<f32>) {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %f0 = arith.constant 0.0 : f32
    %zero_boxes = arith.constant dense<0.0> : tensor<256x4xf32>
    %zero = arith.constant dense<0.0> : tensor<256xf32>
    %one = arith.constant dense<1.0> : tensor<256xf32>
    %eps = arith.constant dense<1.0e-7> : tensor<256xf32>
    %image = tile.get_program_id x : i32

    // Which of the 256 slots hold real boxes.
    %nv_ptr = tile.addptr %num_valid, %image : !tile.ptr<i32>, i32
    %n = tile.load %nv_ptr : !tile.ptr<i32>
    %slots = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %ns = tile.splat %n : i32 -> tensor<256xi32>
    %valid = arith.cmpi slt, %slots, %ns : tensor<256xi32>

    // The image's boxes as a 256x4 tile: 1024 contiguous floats.
    %base = arith.muli %image, %c1024 : i32
    %coord = tile.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %c4 = arith.constant dense<4> : tensor<256xi32>
    %slot_off = arith.muli %slots, %c4 : tensor<256xi32>
    %slot_col = tile.expand_dims %slot_off {axis = 1 : i32} : tensor<256xi32> -> tensor<256x1xi32>
    %slot_2d = tile.broadcast %slot_col : tensor<256x1xi32> -> tensor<256x4xi32>
    %coord_row = tile.expand_dims %coord {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
    %coord_2d = tile.broadcast %coord_row : tensor<1x4xi32> -> tensor<256x4xi32>
    %box_off = arith.addi %slot_2d, %coord_2d : tensor<256x4xi32>
    %valid_col = tile.expand_dims %valid {axis = 1 : i32} : tensor<256xi1> -> tensor<256x1xi1>
    %valid_2d = tile.broadcast %valid_col : tensor<256x1xi1> -> tensor<256x4xi1>
    %pred_img = tile.addptr %pred, %base : !tile.ptr<f32>, i32
    %pred_base = tile.splat %pred_img : !tile.ptr<f32> -> tensor<256x4x!tile.ptr<f32>>
    %pred_ptrs = tile.addptr %pred_base, %box_off : tensor<256x4x!tile.ptr<f32>>, tensor<256x4xi32>
    %p = tile.load %pred_ptrs, %valid_2d, %zero_boxes : tensor<256x4x!tile.ptr<f32>>
    %target_img = tile.addptr %target, %base : !tile.ptr<f32>, i32
    %target_base = tile.splat %target_img : !tile.ptr<f32> -> tensor<256x4x!tile.ptr<f32>>
    %target_ptrs = tile.addptr %target_base, %box_off : tensor<256x4x!tile.ptr<f32>>, tensor<256x4xi32>
    %t = tile.load %target_ptrs, %valid_2d, %zero_boxes : tensor<256x4x!tile.ptr<f32>>

    // Split (x1, y1, x2, y2): [256, 4] -> [256, 2, 2] -> ([x1, x2], [y1, y2]).
    %p3 = tile.reshape %p : tensor<256x4xf32> -> tensor<256x2x2xf32>
    %pxs, %pys = tile.split %p3 : tensor<256x2x2xf32> -> tensor<256x2xf32>
    %px1, %px2 = tile.split %pxs : tensor<256x2xf32> -> tensor<256xf32>
    %py1, %py2 = tile.split %pys : tensor<256x2xf32> -> tensor<256xf32>
    %t3 = tile.reshape %t : tensor<256x4xf32> -> tensor<256x2x2xf32>
    %txs, %tys = tile.split %t3 : tensor<256x2x2xf32> -> tensor<256x2xf32>
    %tx1, %tx2 = tile.split %txs : tensor<256x2xf32> -> tensor<256xf32>
    %ty1, %ty2 = tile.split %tys : tensor<256x2xf32> -> tensor<256xf32>

    // Areas, intersection, union, IoU. The divisions allow approximation
    // (fastmath<afn>: div.full.f32, 2 ulp), as Triton's `/` does.
    %pw = arith.subf %px2, %px1 : tensor<256xf32>
    %ph = arith.subf %py2, %py1 : tensor<256xf32>
    %parea = arith.mulf %pw, %ph : tensor<256xf32>
    %tw = arith.subf %tx2, %tx1 : tensor<256xf32>
    %th = arith.subf %ty2, %ty1 : tensor<256xf32>
    %tarea = arith.mulf %tw, %th : tensor<256xf32>
    %ix1 = arith.maximumf %px1, %tx1 : tensor<256xf32>
    %iy1 = arith.maximumf %py1, %ty1 : tensor<256xf32>
    %ix2 = arith.minimumf %px2, %tx2 : tensor<256xf32>
    %iy2 = arith.minimumf %py2, %ty2 : tensor<256xf32>
    %iw_raw = arith.subf %ix2, %ix1 : tensor<256xf32>
    %ih_raw = arith.subf %iy2, %iy1 : tensor<256xf32>
    %iw = arith.maximumf %iw_raw, %zero : tensor<256xf32>
    %ih = arith.maximumf %ih_raw, %zero : tensor<256xf32>
    %inter = arith.mulf %iw, %ih : tensor<256xf32>
    %areas = arith.addf %parea, %tarea : tensor<256xf32>
    %union_raw = arith.subf %areas, %inter : tensor<256xf32>
    %union = arith.addf %union_raw, %eps : tensor<256xf32>
    %iou = arith.divf %inter, %union fastmath<afn> : tensor<256xf32>

    // Smallest enclosing box and GIoU = IoU - (enclosing - union) / enclosing.
    %ex1 = arith.minimumf %px1, %tx1 : tensor<256xf32>
    %ey1 = arith.minimumf %py1, %ty1 : tensor<256xf32>
    %ex2 = arith.maximumf %px2, %tx2 : tensor<256xf32>
    %ey2 = arith.maximumf %py2, %ty2 : tensor<256xf32>
    %ew = arith.subf %ex2, %ex1 : tensor<256xf32>
    %eh = arith.subf %ey2, %ey1 : tensor<256xf32>
    %enclose_raw = arith.mulf %ew, %eh : tensor<256xf32>
    %enclose = arith.addf %enclose_raw, %eps : tensor<256xf32>
    %gap = arith.subf %enclose, %union : tensor<256xf32>
    %penalty = arith.divf %gap, %enclose fastmath<afn> : tensor<256xf32>
    %giou = arith.subf %iou, %penalty : tensor<256xf32>
    %box_loss = arith.subf %one, %giou : tensor<256xf32>
    %masked_loss = arith.select %valid, %box_loss, %zero : tensor<256xi1>, tensor<256xf32>

    // This image's share: summed loss and number of valid boxes.
    %part = "tile.reduce"(%masked_loss) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.reduce.return %s : f32
    }) : (tensor<256xf32>) -> f32
    %ones = arith.extui %valid : tensor<256xi1> to tensor<256xi32>
    %part_n = "tile.reduce"(%ones) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tile.reduce.return %s : i32
    }) : (tensor<256xi32>) -> i32
    %old_sum = tile.atomic_rmw fadd, acq_rel, gpu, %sum, %part : (!tile.ptr<f32>, f32) -> f32
    %old_n = tile.atomic_rmw add, acq_rel, gpu, %count, %part_n : (!tile.ptr<i32>, i32) -> i32

    // The last program to take a ticket sees every share and divides.
    %ticket = tile.atomic_rmw add, acq_rel, gpu, %tickets, %c1 : (!tile.ptr<i32>, i32) -> i32
    %programs = tile.get_num_programs x : i32
    %last_ticket = arith.subi %programs, %c1 : i32
    %is_last = arith.cmpi eq, %ticket, %last_ticket : i32
    scf.if %is_last {
      %c0 = arith.constant 0 : i32
      %total = tile.atomic_rmw fadd, acq_rel, gpu, %sum, %f0 : (!tile.ptr<f32>, f32) -> f32
      %total_n = tile.atomic_rmw add, acq_rel, gpu, %count, %c0 : (!tile.ptr<i32>, i32) -> i32
      %nonzero = arith.maxsi %total_n, %c1 : i32
      %n_f = arith.sitofp %nonzero : i32 to f32
      %mean = arith.divf %total, %n_f : f32
      tile.store %loss, %mean : !tile.ptr<f32>
    }
    tile.return
  }
}
