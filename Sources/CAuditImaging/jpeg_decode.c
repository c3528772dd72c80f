// JPEG decoding to RGBA with libjpeg's DCT scaling, in three steps so the caller can hand over the
// memory the pixels go to once it knows their size: begin (header, scale, start), read (every row into
// the caller's buffer), end. Each step arms its own setjmp; the error manager never prints or exits,
// and ending the reader releases libjpeg's object whatever happened.
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

/// A decode begun by CAuditImaging_jpeg_reader_begin: libjpeg's object with its error manager and
/// progress monitor, on the heap so each step can arm its own setjmp.
struct CAuditImaging_jpeg_reader {
    struct jpeg_decompress_struct cinfo;
    struct CAuditImaging_jpeg_error err;
    struct jpeg_progress_mgr progress;
};

int CAuditImaging_jpeg_reader_begin(const uint8_t *data, size_t length,
                                    uint32_t min_width, uint32_t min_height, uint64_t max_pixels,
                                    struct CAuditImaging_jpeg_reader **result, uint32_t *width, uint32_t *height,
                                    char *message) {
    if (message) message[0] = 0;
    if (result == NULL || width == NULL || height == NULL) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "invalid decoder arguments");
        return CAuditImaging_error_invalid_argument;
    }
    *result = NULL;
    int input_status = CAuditImaging_jpeg_check_input(data, length, message);
    if (input_status != CAuditImaging_ok) return input_status;
    struct CAuditImaging_jpeg_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "cannot create the JPEG reader");
        return CAuditImaging_error_out_of_memory;
    }
    reader->progress.progress_monitor = CAuditImaging_jpeg_progress;
    CAuditImaging_jpeg_install(&reader->err, message);
    reader->cinfo.err = &reader->err.base;
    if (setjmp(reader->err.jump)) {
        int status = reader->err.status == CAuditImaging_ok ? CAuditImaging_error_corrupt : reader->err.status;
        jpeg_destroy_decompress(&reader->cinfo);
        free(reader);
        return status;
    }
    jpeg_create_decompress(&reader->cinfo);
    reader->cinfo.progress = &reader->progress;
    jpeg_mem_src(&reader->cinfo, (const unsigned char *)data, (unsigned long)length);
    jpeg_read_header(&reader->cinfo, TRUE);
    if (max_pixels > 0 && (uint64_t)reader->cinfo.image_width * (uint64_t)reader->cinfo.image_height > max_pixels) {
        if (message) {
            snprintf(message, CAuditImaging_message_capacity, "image is %ux%u, over the limit of %llu pixels",
                     reader->cinfo.image_width, reader->cinfo.image_height, (unsigned long long)max_pixels);
        }
        jpeg_destroy_decompress(&reader->cinfo);
        free(reader);
        return CAuditImaging_error_too_large;
    }
    reader->cinfo.scale_num =
        CAuditImaging_choose_scale(reader->cinfo.image_width, reader->cinfo.image_height, min_width, min_height);
    reader->cinfo.scale_denom = 8;
#ifdef JCS_EXTENSIONS
    reader->cinfo.out_color_space = JCS_EXT_RGBA;
#else
    reader->cinfo.out_color_space = JCS_RGB;
#endif
    jpeg_start_decompress(&reader->cinfo);
    *width = reader->cinfo.output_width;
    *height = reader->cinfo.output_height;
    *result = reader;
    return CAuditImaging_ok;
}

int CAuditImaging_jpeg_reader_read(struct CAuditImaging_jpeg_reader *reader, uint8_t *pixels, size_t stride,
                                   char *message) {
    if (message) message[0] = 0;
    if (reader == NULL || pixels == NULL || stride < (size_t)reader->cinfo.output_width * 4) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "invalid decoder arguments");
        return CAuditImaging_error_invalid_argument;
    }
    reader->err.message = message;
    if (setjmp(reader->err.jump)) {
        // The caller still ends the reader, which releases libjpeg's object.
        return reader->err.status == CAuditImaging_ok ? CAuditImaging_error_corrupt : reader->err.status;
    }
#ifdef JCS_EXTENSIONS
    const int direct_rgba = 1;
#else
    const int direct_rgba = 0;
#endif
    uint32_t out_w = reader->cinfo.output_width, out_h = reader->cinfo.output_height;
    while (reader->cinfo.output_scanline < out_h) {
        uint8_t *row_start = pixels + (size_t)reader->cinfo.output_scanline * stride;
        JSAMPROW row = (JSAMPROW)row_start;
        if (jpeg_read_scanlines(&reader->cinfo, &row, 1) != 1) break;
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
    jpeg_finish_decompress(&reader->cinfo);
    if (reader->err.truncated) {
        if (message && message[0] == 0) snprintf(message, CAuditImaging_message_capacity, "JPEG data ends early");
        return CAuditImaging_error_truncated;
    }
    return CAuditImaging_ok;
}

void CAuditImaging_jpeg_reader_end(struct CAuditImaging_jpeg_reader *reader) {
    if (reader == NULL) return;
    jpeg_destroy_decompress(&reader->cinfo);
    free(reader);
}
