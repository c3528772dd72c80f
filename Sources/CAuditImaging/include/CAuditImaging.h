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

/// A JPEG being decoded (see CAuditImaging_jpeg_reader_begin).
struct CAuditImaging_jpeg_reader;

/// Starts decoding a JPEG to 8-bit RGBA (alpha 255), using libjpeg's DCT scaling (scale_num/8) so
/// the result is the smallest that is still at least min_width x min_height (0 x 0 decodes at full
/// size), and gives the decoded size, so the caller can provide the memory for the pixels. Images
/// over max_pixels (0: no limit) are refused before any pixel is decoded. On success the
/// caller reads the pixels with CAuditImaging_jpeg_reader_read and ends with
/// CAuditImaging_jpeg_reader_end; on failure nothing is left to end. `data` must stay valid until then.
int CAuditImaging_jpeg_reader_begin(const uint8_t *data, size_t length,
                                    uint32_t min_width, uint32_t min_height, uint64_t max_pixels,
                                    struct CAuditImaging_jpeg_reader **reader, uint32_t *width, uint32_t *height,
                                    char *message);

/// Decodes every row into `pixels` (rows `stride` bytes apart, at least width*4). A JPEG whose data
/// ends early is an error (CAuditImaging_error_truncated), not a half-grey picture; a progressive JPEG
/// of more than 100 scans is CAuditImaging_error_corrupt (stopped by libjpeg's progress monitor).
int CAuditImaging_jpeg_reader_read(struct CAuditImaging_jpeg_reader *reader, uint8_t *pixels, size_t stride,
                                   char *message);

/// Releases a reader begun successfully, whether or not its pixels were read. NULL is ignored.
void CAuditImaging_jpeg_reader_end(struct CAuditImaging_jpeg_reader *reader);

/// PNG row filter masks for CAuditImaging_png_encode (the values of libpng's PNG_FILTER_* macros).
enum {
    CAuditImaging_png_filter_none = 0x08,
    CAuditImaging_png_filter_sub = 0x10,
    CAuditImaging_png_filter_up = 0x20,
    CAuditImaging_png_filter_avg = 0x40,
    CAuditImaging_png_filter_paeth = 0x80,
    CAuditImaging_png_filter_all = 0xF8,
};

/// Encodes 8-bit RGB (channels 3) or RGBA (channels 4) rows, `stride` bytes apart, to a PNG with
/// zlib `compression_level` (0-9) and the libpng filter mask `filters` (PNG_FILTER_NONE, ...).
/// With channels 4 and `drop_alpha` non-zero the PNG is RGB (the fourth byte of each pixel is skipped).
/// On success `*output` is a malloc'd buffer the caller frees with `free`.
int CAuditImaging_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                             int channels, int drop_alpha, int compression_level, int filters,
                             uint8_t **output, size_t *output_length, char *message);

/// Limits glibc's malloc to `arenas` arenas (its default is eight per core, each keeping the memory
/// freed in it); does nothing elsewhere. Called once by the executable before any thread starts.
void CAuditImaging_limit_malloc_arenas(int arenas);

/// The Adler-32 checksum (RFC 1950) of `length` bytes at `data`, continuing from `adler` (1 to start):
/// the value zlib's adler32 gives, computed 16 bytes a step where SSE2 is available.
uint32_t CAuditImaging_adler32(uint32_t adler, const uint8_t *data, size_t length);

/// A PNG written a band of rows at a time (see CAuditImaging_png_writer_begin).
struct CAuditImaging_png_writer;

/// Starts a PNG of `width` x `height` pixels with the settings of CAuditImaging_png_encode; rows then
/// go in with CAuditImaging_png_writer_rows, top to bottom, and CAuditImaging_png_writer_end returns
/// the bytes. `expected_length` (0: unknown) sizes the output buffer up front. On success `*result`
/// is a writer the caller must end with CAuditImaging_png_writer_end, whatever happens next.
int CAuditImaging_png_writer_begin(uint32_t width, uint32_t height, int channels, int drop_alpha,
                                   int compression_level, int filters, size_t expected_length,
                                   struct CAuditImaging_png_writer **result, char *message);

/// Compresses the next `count` rows, `stride` bytes apart. After a failure the writer takes no
/// more rows; end it to release it.
int CAuditImaging_png_writer_rows(struct CAuditImaging_png_writer *writer, const uint8_t *pixels,
                                  size_t stride, uint32_t count, char *message);

/// Finishes the PNG and releases the writer. With every row written and `output` given, `*output`
/// is a malloc'd buffer the caller frees with `free`; otherwise (`output` NULL, rows missing, an
/// earlier failure) the writer is only released and an error returned.
int CAuditImaging_png_writer_end(struct CAuditImaging_png_writer *writer, uint8_t **output,
                                 size_t *output_length, char *message);

/// Decodes any PNG to 8-bit RGBA. Images over max_pixels (0: no limit) are refused before any
/// pixel is decoded. On success `*pixels` (width*height*4 bytes) is malloc'd; the caller frees it.
int CAuditImaging_png_decode(const uint8_t *data, size_t length, uint64_t max_pixels,
                             uint8_t **pixels, uint32_t *width, uint32_t *height, char *message);

#endif
