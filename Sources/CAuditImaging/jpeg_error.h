// The libjpeg error manager every CAuditImaging JPEG operation installs (private to this target).
// error_exit records a status and the library's message, then longjmps to the operation's own
// setjmp; nothing is printed and nothing exits. Warnings are counted; running out of data
// (JWRN_JPEG_EOF) marks the image truncated, and any error after that is reported as truncation,
// since it is only a symptom of the missing bytes.
#ifndef CAUDITIMAGING_JPEG_ERROR_H
#define CAUDITIMAGING_JPEG_ERROR_H

#include "CAuditImaging.h"

#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>

struct CAuditImaging_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    int status;
    int truncated;
};

static void CAuditImaging_jpeg_error_exit(j_common_ptr cinfo) {
    struct CAuditImaging_jpeg_error *err = (struct CAuditImaging_jpeg_error *)cinfo->err;
    int code = err->base.msg_code;
    if (err->truncated || code == JERR_INPUT_EOF || code == JERR_INPUT_EMPTY) {
        err->status = CAuditImaging_error_truncated;
    } else if (code == JERR_NO_SOI) {
        err->status = CAuditImaging_error_not_jpeg;
    } else if (code == JERR_OUT_OF_MEMORY) {
        err->status = CAuditImaging_error_out_of_memory;
    } else if (code == JERR_IMAGE_TOO_BIG) {
        err->status = CAuditImaging_error_too_large;
    } else {
        err->status = CAuditImaging_error_corrupt;
    }
    if (err->message && !err->truncated) (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

static void CAuditImaging_jpeg_silent(j_common_ptr cinfo) { (void)cinfo; }

static void CAuditImaging_jpeg_emit_message(j_common_ptr cinfo, int level) {
    struct CAuditImaging_jpeg_error *err = (struct CAuditImaging_jpeg_error *)cinfo->err;
    if (level < 0) {
        err->base.num_warnings++;
        if (err->base.msg_code == JWRN_JPEG_EOF && !err->truncated) {
            err->truncated = 1;
            if (err->message) (*cinfo->err->format_message)(cinfo, err->message);
        }
    }
}

/// Prepares `err` for a new operation; `message` (CAuditImaging_message_capacity bytes) may be NULL.
static void CAuditImaging_jpeg_install(struct CAuditImaging_jpeg_error *err, char *message) {
    jpeg_std_error(&err->base);
    err->base.error_exit = CAuditImaging_jpeg_error_exit;
    err->base.output_message = CAuditImaging_jpeg_silent;
    err->base.emit_message = CAuditImaging_jpeg_emit_message;
    err->message = message;
    err->status = CAuditImaging_ok;
    err->truncated = 0;
    if (message) message[0] = 0;
}

/// Rejects what is not worth handing to libjpeg: no bytes at all, or bytes without the SOI marker.
static int CAuditImaging_jpeg_check_input(const uint8_t *data, size_t length, char *message) {
    if (data == NULL || length == 0) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "empty image data");
        return CAuditImaging_error_truncated;
    }
    if (length < 3 || data[0] != 0xFF || data[1] != 0xD8) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "not a JPEG (no SOI marker)");
        return CAuditImaging_error_not_jpeg;
    }
    return CAuditImaging_ok;
}

#endif
