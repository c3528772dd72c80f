// libjpeg operations. Each function owns one setjmp that covers the whole operation, replaces the
// library's error_exit/output_message so nothing is printed and nothing exits, and destroys its
// libjpeg object on every path.
#include "CAuditImaging.h"

#include "jpeg_error.h"

#include <stdlib.h>
#include <string.h>

int CAuditImaging_jpeg_read_header(const uint8_t *data, size_t length,
                                   uint32_t *width, uint32_t *height, int *components,
                                   char *message) {
    int input_status = CAuditImaging_jpeg_check_input(data, length, message);
    if (input_status != CAuditImaging_ok) return input_status;
    struct jpeg_decompress_struct cinfo;
    struct CAuditImaging_jpeg_error err;
    cinfo.err = NULL;
    CAuditImaging_jpeg_install(&err, message);
    cinfo.err = &err.base;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return err.status == CAuditImaging_ok ? CAuditImaging_error_corrupt : err.status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (const unsigned char *)data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    *width = cinfo.image_width;
    *height = cinfo.image_height;
    *components = cinfo.num_components;
    jpeg_destroy_decompress(&cinfo);
    return CAuditImaging_ok;
}

int CAuditImaging_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                              int components, int quality,
                              uint8_t **output, size_t *output_length, char *message) {
    if (pixels == NULL || width == 0 || height == 0 || (components != 1 && components != 3) ||
        output == NULL || output_length == NULL) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "invalid encoder arguments");
        return CAuditImaging_error_invalid_argument;
    }
    struct jpeg_compress_struct cinfo;
    struct CAuditImaging_jpeg_error err;
    unsigned char *buffer = NULL;
    unsigned long buffer_size = 0;
    CAuditImaging_jpeg_install(&err, message);
    cinfo.err = &err.base;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return err.status == CAuditImaging_ok ? CAuditImaging_error_corrupt : err.status;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &buffer, &buffer_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 3 ? JCS_RGB : JCS_GRAYSCALE;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    size_t stride = (size_t)width * (size_t)components;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *output = buffer;
    *output_length = (size_t)buffer_size;
    return CAuditImaging_ok;
}
