// JPEG decoding to RGBA with libjpeg's DCT scaling. One setjmp covers the whole operation; the
// error manager never prints or exits, and the libjpeg object and the pixel buffer are released on
// every failing path. On success the caller owns `*pixels` and frees it with `free`.
#include "CAuditImaging.h"

#include "jpeg_error.h"

#include <stdlib.h>
#include <string.h>

/// The most scans a progressive JPEG may have. Real images have fewer than 20; every scan costs a
/// pass over the whole image's coefficients, so a small file repeating its scan thousands of times
/// would keep a decode busy for seconds (libjpeg-turbo's own tools offer the same cap).
#define CAuditImaging_jpeg_max_scans 100

/// libjpeg's progress monitor, called at least once per scan while a multi-scan image is read:
/// stops the decode (through the operation's setjmp) once the scan limit is passed.
static void CAuditImaging_jpeg_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    int scan = ((j_decompress_ptr)cinfo)->input_scan_number;
    if (scan <= CAuditImaging_jpeg_max_scans) return;
    struct CAuditImaging_jpeg_error *err = (struct CAuditImaging_jpeg_error *)cinfo->err;
    err->status = CAuditImaging_error_corrupt;
    if (err->message) {
        snprintf(err->message, CAuditImaging_message_capacity,
                 "more than %d scans in a progressive JPEG (real images have fewer than 20)",
                 CAuditImaging_jpeg_max_scans);
    }
    longjmp(err->jump, 1);
}

/// The smallest scale_num (over 8) that keeps the decoded size at least min_width x min_height.
static unsigned int CAuditImaging_choose_scale(uint32_t width, uint32_t height,
                                               uint32_t min_width, uint32_t min_height) {
    if (min_width == 0 && min_height == 0) return 8;
    for (unsigned int num = 1; num < 8; num++) {
        // libjpeg rounds scaled dimensions up (jdiv_round_up).
        uint64_t scaled_w = ((uint64_t)width * num + 7) / 8;
        uint64_t scaled_h = ((uint64_t)height * num + 7) / 8;
        if (scaled_w >= min_width && scaled_h >= min_height) return num;
    }
    return 8;
}

int CAuditImaging_jpeg_decode(const uint8_t *data, size_t length,
                              uint32_t min_width, uint32_t min_height, uint64_t max_pixels,
                              uint8_t **pixels, uint32_t *width, uint32_t *height,
                              uint32_t *source_width, uint32_t *source_height, char *message) {
    if (message) message[0] = 0;
    if (pixels == NULL || width == NULL || height == NULL) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "invalid decoder arguments");
        return CAuditImaging_error_invalid_argument;
    }
    *pixels = NULL;
    int input_status = CAuditImaging_jpeg_check_input(data, length, message);
    if (input_status != CAuditImaging_ok) return input_status;
    struct jpeg_decompress_struct cinfo;
    struct CAuditImaging_jpeg_error err;
    struct jpeg_progress_mgr progress;
    memset(&progress, 0, sizeof progress);
    progress.progress_monitor = CAuditImaging_jpeg_progress;
    // volatile: modified between setjmp and a possible longjmp.
    uint8_t *volatile buffer = NULL;
    CAuditImaging_jpeg_install(&err, message);
    cinfo.err = &err.base;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(buffer);
        return err.status == CAuditImaging_ok ? CAuditImaging_error_corrupt : err.status;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.progress = &progress;
    jpeg_mem_src(&cinfo, (const unsigned char *)data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    if (source_width) *source_width = cinfo.image_width;
    if (source_height) *source_height = cinfo.image_height;
    if (max_pixels > 0 && (uint64_t)cinfo.image_width * (uint64_t)cinfo.image_height > max_pixels) {
        if (message) {
            snprintf(message, CAuditImaging_message_capacity, "image is %ux%u, over the limit of %llu pixels",
                     cinfo.image_width, cinfo.image_height, (unsigned long long)max_pixels);
        }
        jpeg_destroy_decompress(&cinfo);
        return CAuditImaging_error_too_large;
    }
    cinfo.scale_num = CAuditImaging_choose_scale(cinfo.image_width, cinfo.image_height, min_width, min_height);
    cinfo.scale_denom = 8;
#ifdef JCS_EXTENSIONS
    cinfo.out_color_space = JCS_EXT_RGBA;
    const int direct_rgba = 1;
#else
    cinfo.out_color_space = JCS_RGB;
    const int direct_rgba = 0;
#endif
    jpeg_start_decompress(&cinfo);
    uint32_t out_w = cinfo.output_width, out_h = cinfo.output_height;
    size_t stride = (size_t)out_w * 4;
    buffer = (uint8_t *)malloc(stride * out_h);
    if (buffer == NULL) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "out of memory for %ux%u pixels", out_w, out_h);
        jpeg_destroy_decompress(&cinfo);
        return CAuditImaging_error_out_of_memory;
    }
    while (cinfo.output_scanline < out_h) {
        uint8_t *row_start = buffer + (size_t)cinfo.output_scanline * stride;
        JSAMPROW row = (JSAMPROW)row_start;
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) break;
        if (!direct_rgba) {
            // Expand RGB to RGBA in place, from the right so nothing is overwritten before it is read.
            for (int64_t x = (int64_t)out_w - 1; x >= 0; x--) {
                row_start[x * 4 + 3] = 255;
                row_start[x * 4 + 2] = row_start[x * 3 + 2];
                row_start[x * 4 + 1] = row_start[x * 3 + 1];
                row_start[x * 4 + 0] = row_start[x * 3 + 0];
            }
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    if (err.truncated) {
        free(buffer);
        if (message && message[0] == 0) snprintf(message, CAuditImaging_message_capacity, "JPEG data ends early");
        return CAuditImaging_error_truncated;
    }
    *pixels = buffer;
    *width = out_w;
    *height = out_h;
    return CAuditImaging_ok;
}
