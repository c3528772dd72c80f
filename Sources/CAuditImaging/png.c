// libpng operations. Each function owns one setjmp that covers the whole operation; libpng's error
// and warning handlers copy the message into the caller's buffer instead of printing, and every
// libpng structure and buffer is released on every path. On success the caller owns the returned
// buffer and frees it with `free`.
#include "CAuditImaging.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

struct CAuditImaging_png_state {
    char *message;
    int status;
    // Encoding: a growing output buffer. Decoding: the input and the read position.
    uint8_t *out;
    size_t out_length;
    size_t out_capacity;
    const uint8_t *in;
    size_t in_length;
    size_t in_position;
};

static void CAuditImaging_png_error(png_structp png, png_const_charp text) {
    struct CAuditImaging_png_state *state = (struct CAuditImaging_png_state *)png_get_error_ptr(png);
    if (state->message && state->message[0] == 0) {
        snprintf(state->message, CAuditImaging_message_capacity, "%s", text ? text : "libpng error");
    }
    if (state->status == CAuditImaging_ok) state->status = CAuditImaging_error_corrupt;
    png_longjmp(png, 1);
}

static void CAuditImaging_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void CAuditImaging_png_write_data(png_structp png, png_bytep data, size_t length) {
    struct CAuditImaging_png_state *state = (struct CAuditImaging_png_state *)png_get_io_ptr(png);
    if (state->out_length + length > state->out_capacity) {
        size_t capacity = state->out_capacity ? state->out_capacity : 65536;
        while (capacity < state->out_length + length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(state->out, capacity);
        if (grown == NULL) {
            state->status = CAuditImaging_error_out_of_memory;
            png_error(png, "out of memory for the encoded PNG");
        }
        state->out = grown;
        state->out_capacity = capacity;
    }
    memcpy(state->out + state->out_length, data, length);
    state->out_length += length;
}

static void CAuditImaging_png_flush(png_structp png) { (void)png; }

static void CAuditImaging_png_read_data(png_structp png, png_bytep data, size_t length) {
    struct CAuditImaging_png_state *state = (struct CAuditImaging_png_state *)png_get_io_ptr(png);
    if (length > state->in_length - state->in_position) {
        state->status = CAuditImaging_error_truncated;
        png_error(png, "PNG data ends early");
    }
    memcpy(data, state->in + state->in_position, length);
    state->in_position += length;
}

/// A PNG being written row by row: libpng's structures and the growing output buffer.
struct CAuditImaging_png_writer {
    png_structp png;
    png_infop info;
    struct CAuditImaging_png_state state;
    uint32_t width;
    uint32_t height;
    uint32_t rows_written;
    int channels;
    // RGBA rows written as RGB: each row is packed into this buffer first (see pack_rgb).
    uint8_t *rgb_row;
    // With the up filter alone, rows are filtered here and deflated with zlib, and libpng writes the
    // chunks (see CAuditImaging_png_writer_own_idat); `deflating` once zlib's stream is set up.
    int deflating;
    z_stream zs;
    size_t row_bytes;
    uint8_t *previous;  // the previous row as written (zeros before the first)
    uint8_t *filtered;  // the filter byte and the filtered row
    uint8_t *zbuf;      // compressed bytes waiting to become an IDAT chunk
    size_t zbuf_size;
    uint32_t adler;     // Adler-32 of the filtered rows so far (the zlib trailer)
};

static void CAuditImaging_png_writer_release(struct CAuditImaging_png_writer *writer) {
    png_destroy_write_struct(&writer->png, &writer->info);
    if (writer->deflating) deflateEnd(&writer->zs);
    free(writer->state.out);
    free(writer->rgb_row);
    free(writer->previous);
    free(writer->filtered);
    free(writer->zbuf);
    free(writer);
}

uint32_t CAuditImaging_adler32(uint32_t adler, const uint8_t *data, size_t length) {
    // RFC 1950's sums modulo 65521, reduced every NMAX bytes: zlib's bound for 32-bit sums.
    enum { BASE = 65521, NMAX = 5552 };
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    while (length > 0) {
        size_t n = length < NMAX ? length : NMAX;
        length -= n;
#if defined(__SSE2__)
        // Blocks of 16 bytes: a grows by each block's byte sum, b by 16 times a before the block plus
        // the block's bytes weighted 16 down to 1. Per lane: the byte sums, their running total before
        // each block, and the weighted sums; each lane holds part of a sum the NMAX bound keeps in
        // 32 bits.
        size_t blocks = n / 16;
        if (blocks > 0) {
            const __m128i zero = _mm_setzero_si128();
            const __m128i weights_high = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
            const __m128i weights_low = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
            __m128i sums = zero, before = zero, weighted = zero;
            for (size_t k = 0; k < blocks; k++) {
                __m128i bytes = _mm_loadu_si128((const __m128i *)(data + k * 16));
                before = _mm_add_epi32(before, sums);
                sums = _mm_add_epi32(sums, _mm_sad_epu8(bytes, zero));
                weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(bytes, zero), weights_high));
                weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(bytes, zero), weights_low));
            }
            uint32_t lanes[3][4];
            _mm_storeu_si128((__m128i *)lanes[0], sums);
            _mm_storeu_si128((__m128i *)lanes[1], before);
            _mm_storeu_si128((__m128i *)lanes[2], weighted);
            uint64_t sum = (uint64_t)lanes[0][0] + lanes[0][2];
            uint64_t total_before = (uint64_t)lanes[1][0] + lanes[1][2];
            uint64_t total_weighted = (uint64_t)lanes[2][0] + lanes[2][1] + lanes[2][2] + lanes[2][3];
            b = (uint32_t)(((uint64_t)b + (uint64_t)a * (blocks * 16) + 16 * total_before + total_weighted) % BASE);
            a = (uint32_t)(((uint64_t)a + sum) % BASE);
            data += blocks * 16;
            n -= blocks * 16;
        }
#endif
        while (n > 0) {
            a += *data++;
            b += a;
            n--;
        }
        a %= BASE;
        b %= BASE;
    }
    return (b << 16) | a;
}

// Why the up filter is done here: libpng filters a row a byte at a time (its png_setup_up_row_only),
// which took 14 % of a 2,000-issue audit's CPU (measured 2026-11-25, zlib 1.2.13, libpng 1.6.39);
// this loop is vectorised by the compiler. The compressed stream is what libpng makes: the same zlib
// settings (level, memLevel 7, window 2^15, Z_FILTERED, libpng's default for filtered rows) over the
// same filtered rows, cut into IDAT chunks of libpng's compression buffer size; libpng still writes
// the signature and IHDR, and every chunk's length and CRC (png_write_chunk, for IDAT and IEND too:
// libpng does not know the image data was written, so no libpng write call may follow). Small images
// (16 KiB of rows or less), where libpng narrows zlib's window, and other filters stay with libpng.
//
// zlib's own Adler-32 (a byte at a time, 16 to a step) took 6 % of a 2,000-issue audit's CPU (measured
// 2026-11-26, zlib 1.2.13), so the stream is raw deflate and the zlib wrapper is written here: the same
// two header bytes deflate writes (RFC 1950: window 2^15, the level's flag, the check bits) and, after
// the last deflate byte, the Adler-32 of every filtered row (CAuditImaging_adler32, 16 bytes a step).
// The compressed bytes between them are the same: zlib's wrapper does not change what it deflates.
static int CAuditImaging_png_writer_own_idat(struct CAuditImaging_png_writer *writer, int compression_level) {
    writer->zbuf_size = png_get_compression_buffer_size(writer->png);
    writer->previous = (uint8_t *)calloc(writer->row_bytes, 1);
    writer->filtered = (uint8_t *)malloc(writer->row_bytes + 1);
    writer->zbuf = (uint8_t *)malloc(writer->zbuf_size);
    if (writer->previous == NULL || writer->filtered == NULL || writer->zbuf == NULL || writer->zbuf_size < 8) {
        return 0;
    }
    memset(&writer->zs, 0, sizeof writer->zs);
    if (deflateInit2(&writer->zs, compression_level, Z_DEFLATED, -15, 7, Z_FILTERED) != Z_OK) return 0;
    writer->deflating = 1;
    // zlib's deflate.c: level flag 0 for levels 0-1 (Z_FILTERED is below Z_HUFFMAN_ONLY), 1 below 6,
    // 2 for 6, 3 above; then the check bits that make the 16-bit header a multiple of 31.
    unsigned level_flag = compression_level < 2 ? 0 : compression_level < 6 ? 1 : compression_level == 6 ? 2 : 3;
    unsigned header = (0x78u << 8) | (level_flag << 6);
    header += 31 - header % 31;
    writer->zbuf[0] = (uint8_t)(header >> 8);
    writer->zbuf[1] = (uint8_t)header;
    writer->adler = 1;
    writer->zs.next_out = writer->zbuf + 2;
    writer->zs.avail_out = (uInt)writer->zbuf_size - 2;
    return 1;
}

// Deflates `length` bytes at `data` (Z_FINISH when `finish`), writing each full buffer as an IDAT chunk
// (and the rest too when finishing). libpng's errors longjmp to the caller's setjmp.
static void CAuditImaging_png_writer_deflate(struct CAuditImaging_png_writer *writer, const uint8_t *data,
                                             size_t length, int finish) {
    static const png_byte idat[5] = {'I', 'D', 'A', 'T', 0};
    writer->zs.next_in = (Bytef *)data;
    writer->zs.avail_in = (uInt)length;
    for (;;) {
        int status = deflate(&writer->zs, finish ? Z_FINISH : Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
            png_error(writer->png, writer->zs.msg ? writer->zs.msg : "zlib failed");
        }
        if (finish && status == Z_STREAM_END) {
            // The trailer, big-endian, cut at the buffer's end like any other stream bytes.
            for (int shift = 24; shift >= 0; shift -= 8) {
                if (writer->zs.avail_out == 0) {
                    png_write_chunk(writer->png, idat, writer->zbuf, writer->zbuf_size);
                    writer->zs.next_out = writer->zbuf;
                    writer->zs.avail_out = (uInt)writer->zbuf_size;
                }
                *writer->zs.next_out++ = (uint8_t)(writer->adler >> shift);
                writer->zs.avail_out--;
            }
            png_write_chunk(writer->png, idat, writer->zbuf, writer->zbuf_size - writer->zs.avail_out);
            return;
        }
        if (writer->zs.avail_out == 0) {
            png_write_chunk(writer->png, idat, writer->zbuf, writer->zbuf_size);
            writer->zs.next_out = writer->zbuf;
            writer->zs.avail_out = (uInt)writer->zbuf_size;
            continue;
        }
        if (!finish && writer->zs.avail_in == 0) return;
        // Finishing with output room left and no end, or no progress possible: zlib is broken (libpng
        // raises the same error rather than loop).
        if (finish || status == Z_BUF_ERROR) png_error(writer->png, "zlib did not finish the PNG data");
    }
}

// One row through the up filter (each byte minus the byte above it) and into zlib.
static void CAuditImaging_png_writer_up_row(struct CAuditImaging_png_writer *writer, const uint8_t *row) {
    uint8_t *restrict out = writer->filtered + 1;
    uint8_t *restrict above = writer->previous;
    const size_t n = writer->row_bytes;
    writer->filtered[0] = 2;  // PNG's filter type 2, up
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(row[i] - above[i]);
    memcpy(above, row, n);
    writer->adler = CAuditImaging_adler32(writer->adler, writer->filtered, n + 1);
    CAuditImaging_png_writer_deflate(writer, writer->filtered, n + 1, 0);
}

// RGBA to RGB, four pixels a step on 32-bit words: libpng's own filler stripping goes a byte at a time
// and took 3 % of a 2,000-issue audit's CPU (measured 2026-11-25); this takes about a quarter of that.
static void CAuditImaging_pack_rgb(const uint8_t *rgba, uint8_t *rgb, uint32_t width) {
    uint32_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; x + 4 <= width; x += 4) {
        uint32_t p[4];
        memcpy(p, rgba + (size_t)x * 4, 16);
        // Little-endian words: byte 0 is red. Keep the low three bytes of each pixel.
        uint32_t w0 = (p[0] & 0xFFFFFFu) | (p[1] << 24);
        uint32_t w1 = ((p[1] >> 8) & 0xFFFFu) | (p[2] << 16);
        uint32_t w2 = ((p[2] >> 16) & 0xFFu) | (p[3] << 8);
        memcpy(rgb + (size_t)x * 3, &w0, 4);
        memcpy(rgb + (size_t)x * 3 + 4, &w1, 4);
        memcpy(rgb + (size_t)x * 3 + 8, &w2, 4);
    }
#endif
    for (; x < width; x++) {
        rgb[(size_t)x * 3] = rgba[(size_t)x * 4];
        rgb[(size_t)x * 3 + 1] = rgba[(size_t)x * 4 + 1];
        rgb[(size_t)x * 3 + 2] = rgba[(size_t)x * 4 + 2];
    }
}

int CAuditImaging_png_writer_begin(uint32_t width, uint32_t height, int channels, int drop_alpha,
                                   int compression_level, int filters, size_t expected_length,
                                   struct CAuditImaging_png_writer **result, char *message) {
    if (message) message[0] = 0;
    if (result == NULL || width == 0 || height == 0 || (channels != 3 && channels != 4) ||
        compression_level < 0 || compression_level > 9) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "invalid encoder arguments");
        return CAuditImaging_error_invalid_argument;
    }
    *result = NULL;
    struct CAuditImaging_png_writer *writer = calloc(1, sizeof *writer);
    if (writer == NULL) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "cannot create the PNG writer");
        return CAuditImaging_error_out_of_memory;
    }
    writer->state.message = message;
    writer->state.status = CAuditImaging_ok;
    writer->width = width;
    writer->height = height;
    writer->channels = channels;
    if (expected_length > 0) {
        // One allocation for the usual case instead of a doubling series of copies.
        writer->state.out = (uint8_t *)malloc(expected_length);
        writer->state.out_capacity = writer->state.out ? expected_length : 0;
    }
    writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer->state, CAuditImaging_png_error,
                                          CAuditImaging_png_warning);
    if (writer->png == NULL) {
        free(writer->state.out);
        free(writer);
        if (message) snprintf(message, CAuditImaging_message_capacity, "cannot create the PNG writer");
        return CAuditImaging_error_out_of_memory;
    }
    writer->info = png_create_info_struct(writer->png);
    if (writer->info == NULL) {
        CAuditImaging_png_writer_release(writer);
        if (message) snprintf(message, CAuditImaging_message_capacity, "cannot create the PNG writer");
        return CAuditImaging_error_out_of_memory;
    }
    if (setjmp(png_jmpbuf(writer->png))) {
        int status = writer->state.status == CAuditImaging_ok ? CAuditImaging_error_io : writer->state.status;
        CAuditImaging_png_writer_release(writer);
        return status;
    }
    png_set_write_fn(writer->png, &writer->state, CAuditImaging_png_write_data, CAuditImaging_png_flush);
    png_set_compression_level(writer->png, compression_level);
    // zlib's hash of 2^14 entries instead of its default 2^15: on a 1548x2592 sheet page at level 1
    // with the up filter, 4 % faster and 1 % smaller (26.0 against 27.2 ms, 642 against 650 KB; 7 and
    // 8 tie on overlays; measured 2026-11-25 with zlib 1.2.13).
    png_set_compression_mem_level(writer->png, 7);
    png_set_filter(writer->png, PNG_FILTER_TYPE_BASE, filters);
    int write_alpha = channels == 4 && !drop_alpha;
    png_set_IHDR(writer->png, writer->info, width, height, 8,
                 write_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(writer->png, writer->info);
    writer->row_bytes = (size_t)width * (write_alpha ? 4 : 3);
    if (filters == PNG_FILTER_UP && (writer->row_bytes + 1) * height > 16384) {
        if (!CAuditImaging_png_writer_own_idat(writer, compression_level)) {
            writer->state.status = CAuditImaging_error_out_of_memory;
            png_error(writer->png, "out of memory for the PNG compressor");
        }
    }
    if (channels == 4 && drop_alpha) {
        writer->rgb_row = (uint8_t *)malloc((size_t)width * 3 + 4);
        if (writer->rgb_row == NULL) {
            writer->state.status = CAuditImaging_error_out_of_memory;
            png_error(writer->png, "out of memory for a PNG row");
        }
    }
    *result = writer;
    return CAuditImaging_ok;
}

int CAuditImaging_png_writer_rows(struct CAuditImaging_png_writer *writer, const uint8_t *pixels,
                                  size_t stride, uint32_t count, char *message) {
    if (message) message[0] = 0;
    if (writer == NULL || pixels == NULL || stride < (size_t)writer->width * (size_t)writer->channels ||
        writer->rows_written > writer->height || count > writer->height - writer->rows_written) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "invalid encoder arguments");
        return CAuditImaging_error_invalid_argument;
    }
    writer->state.message = message;
    if (setjmp(png_jmpbuf(writer->png))) {
        // The writer cannot go on; the caller still ends it with CAuditImaging_png_writer_end.
        writer->rows_written = writer->height + 1;
        return writer->state.status == CAuditImaging_ok ? CAuditImaging_error_io : writer->state.status;
    }
    for (uint32_t y = 0; y < count; y++) {
        const uint8_t *row = pixels + (size_t)y * stride;
        if (writer->rgb_row) {
            CAuditImaging_pack_rgb(row, writer->rgb_row, writer->width);
            row = writer->rgb_row;
        }
        if (writer->deflating) {
            CAuditImaging_png_writer_up_row(writer, row);
        } else {
            png_write_row(writer->png, (png_const_bytep)row);
        }
    }
    writer->rows_written += count;
    return CAuditImaging_ok;
}

int CAuditImaging_png_writer_end(struct CAuditImaging_png_writer *writer, uint8_t **output,
                                 size_t *output_length, char *message) {
    if (message) message[0] = 0;
    if (writer == NULL) return CAuditImaging_error_invalid_argument;
    if (output == NULL || output_length == NULL || writer->rows_written != writer->height) {
        int failed = writer->rows_written > writer->height;
        CAuditImaging_png_writer_release(writer);
        if (!failed && message) snprintf(message, CAuditImaging_message_capacity, "PNG ended before its last row");
        return failed ? CAuditImaging_error_io : CAuditImaging_error_invalid_argument;
    }
    *output = NULL;
    *output_length = 0;
    writer->state.message = message;
    if (setjmp(png_jmpbuf(writer->png))) {
        int status = writer->state.status == CAuditImaging_ok ? CAuditImaging_error_io : writer->state.status;
        CAuditImaging_png_writer_release(writer);
        return status;
    }
    if (writer->deflating) {
        static const png_byte iend[5] = {'I', 'E', 'N', 'D', 0};
        CAuditImaging_png_writer_deflate(writer, NULL, 0, 1);
        png_write_chunk(writer->png, iend, NULL, 0);
    } else {
        png_write_end(writer->png, writer->info);
    }
    *output = writer->state.out;
    *output_length = writer->state.out_length;
    writer->state.out = NULL;
    CAuditImaging_png_writer_release(writer);
    return CAuditImaging_ok;
}

int CAuditImaging_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                             int channels, int drop_alpha, int compression_level, int filters,
                             uint8_t **output, size_t *output_length, char *message) {
    if (pixels == NULL || output == NULL || output_length == NULL) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "invalid encoder arguments");
        return CAuditImaging_error_invalid_argument;
    }
    struct CAuditImaging_png_writer *writer = NULL;
    int status = CAuditImaging_png_writer_begin(width, height, channels, drop_alpha, compression_level, filters,
                                                0, &writer, message);
    if (status != CAuditImaging_ok) return status;
    status = CAuditImaging_png_writer_rows(writer, pixels, stride, height, message);
    if (status != CAuditImaging_ok) {
        CAuditImaging_png_writer_end(writer, NULL, NULL, NULL);
        return status;
    }
    return CAuditImaging_png_writer_end(writer, output, output_length, message);
}

int CAuditImaging_png_decode(const uint8_t *data, size_t length, uint64_t max_pixels,
                             uint8_t **pixels, uint32_t *width, uint32_t *height, char *message) {
    if (message) message[0] = 0;
    if (pixels == NULL || width == NULL || height == NULL) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "invalid decoder arguments");
        return CAuditImaging_error_invalid_argument;
    }
    *pixels = NULL;
    if (data == NULL || length == 0) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "empty image data");
        return CAuditImaging_error_truncated;
    }
    if (length < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "not a PNG (bad signature)");
        return CAuditImaging_error_not_png;
    }
    struct CAuditImaging_png_state state;
    memset(&state, 0, sizeof state);
    state.message = message;
    state.status = CAuditImaging_ok;
    state.in = data;
    state.in_length = length;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, CAuditImaging_png_error,
                                             CAuditImaging_png_warning);
    if (png == NULL) {
        if (message) snprintf(message, CAuditImaging_message_capacity, "cannot create the PNG reader");
        return CAuditImaging_error_out_of_memory;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        if (message) snprintf(message, CAuditImaging_message_capacity, "cannot create the PNG reader");
        return CAuditImaging_error_out_of_memory;
    }
    // volatile: assigned between setjmp and a possible longjmp.
    uint8_t *volatile buffer = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(buffer);
        free(rows);
        return state.status == CAuditImaging_ok ? CAuditImaging_error_corrupt : state.status;
    }
    png_set_read_fn(png, &state, CAuditImaging_png_read_data);
    png_read_info(png, info);
    uint32_t w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if (max_pixels > 0 && (uint64_t)w * (uint64_t)h > max_pixels) {
        state.status = CAuditImaging_error_too_large;
        if (message) {
            snprintf(message, CAuditImaging_message_capacity, "image is %ux%u, over the limit of %llu pixels", w, h,
                     (unsigned long long)max_pixels);
        }
        png_longjmp(png, 1);
    }
    // Normalise every colour type and bit depth to 8-bit RGBA.
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t stride = (size_t)w * 4;
    if (png_get_rowbytes(png, info) != stride) {
        state.status = CAuditImaging_error_corrupt;
        png_error(png, "unexpected row size after conversion to RGBA");
    }
    buffer = (uint8_t *)malloc(stride * h);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (buffer == NULL || rows == NULL) {
        state.status = CAuditImaging_error_out_of_memory;
        png_error(png, "out of memory for the decoded PNG");
    }
    for (uint32_t y = 0; y < h; y++) rows[y] = buffer + (size_t)y * stride;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *pixels = buffer;
    *width = w;
    *height = h;
    return CAuditImaging_ok;
}

// The shim's filter constants must stay libpng's.
_Static_assert(CAuditImaging_png_filter_none == PNG_FILTER_NONE, "filter none");
_Static_assert(CAuditImaging_png_filter_sub == PNG_FILTER_SUB, "filter sub");
_Static_assert(CAuditImaging_png_filter_up == PNG_FILTER_UP, "filter up");
_Static_assert(CAuditImaging_png_filter_avg == PNG_FILTER_AVG, "filter avg");
_Static_assert(CAuditImaging_png_filter_paeth == PNG_FILTER_PAETH, "filter paeth");
_Static_assert(CAuditImaging_png_filter_all == PNG_ALL_FILTERS, "all filters");
