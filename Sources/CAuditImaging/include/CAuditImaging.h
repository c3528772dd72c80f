#ifndef CAUDITIMAGING_H
#define CAUDITIMAGING_H

#include <stddef.h>
#include <stdint.h>

/// Status codes every CAuditImaging operation returns. The library's own message,
/// when there is one, is copied into the caller's `message` buffer.
typedef enum {
    CAuditImaging_ok = 0,
    CAuditImaging_error_not_jpeg = 1,
    CAuditImaging_error_truncated = 2,
    CAuditImaging_error_corrupt = 3,
    CAuditImaging_error_too_large = 4,
    CAuditImaging_error_out_of_memory = 5,
    CAuditImaging_error_invalid_argument = 6,
    CAuditImaging_error_not_png = 7,
    CAuditImaging_error_io = 8,
} CAuditImaging_status;

/// Size of the message buffers callers pass in (JMSG_LENGTH_MAX is 200).
#define CAuditImaging_message_capacity 256

/// Reads a JPEG's header only: width, height and colour components. Never decodes pixels.
int CAuditImaging_jpeg_read_header(const uint8_t *data, size_t length,
                                   uint32_t *width, uint32_t *height, int *components,
                                   char *message);

/// Encodes 8-bit RGB (components 3) or grayscale (components 1) pixels to a baseline JPEG.
/// On success `*output` is a malloc'd buffer the caller frees with `free`.
int CAuditImaging_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                              int components, int quality,
                              uint8_t **output, size_t *output_length, char *message);

#endif
