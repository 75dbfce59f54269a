/*
 * cmocka_xml.c: makes every ktc_c_test report the GoogleTest way under `bazel test`.
 * Linked into each cmocka test; before main() it points cmocka's XML output at a
 * scratch directory, and at exit merges one file per test group into Bazel's
 * XML_OUTPUT_FILE, so Bazel and CI list every case. Outside Bazel it does nothing.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/*
 * cmocka 1.1.x writes each group to CMOCKA_XML_FILE with "%g" replaced by the
 * group name, and refuses (writes to stderr) if that file already exists, so
 * groups go to <scratch>/<group>.xml and are joined here into one document:
 *
 *   <?xml ...?>
 *   <testsuites>
 *     <testsuite name="group1" ...> ... </testsuite>   (from group1.xml)
 *     <testsuite name="group2" ...> ... </testsuite>   (from group2.xml)
 *   </testsuites>
 */
static char xml_dir[4096];
static const char *xml_out;
static pid_t xml_pid; /* a forked child must not merge */

/* A group file: name in xml_dir and when cmocka finished writing it. */
struct group_file {
    char *name;
    struct timespec mtime;
};

/* Orders group files as the groups ran (by modification time, then name). */
static int group_file_cmp(const void *pa, const void *pb)
{
    const struct group_file *a = pa, *b = pb;
    if (a->mtime.tv_sec != b->mtime.tv_sec)
        return a->mtime.tv_sec < b->mtime.tv_sec ? -1 : 1;
    if (a->mtime.tv_nsec != b->mtime.tv_nsec)
        return a->mtime.tv_nsec < b->mtime.tv_nsec ? -1 : 1;
    return strcmp(a->name, b->name);
}

/* Copies the <testsuite> elements of one cmocka file to out; 0 on success. */
static int copy_suites(const char *path, FILE *out)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return -1;
    char line[4096];
    while (fgets(line, sizeof line, in)) {
        const char *p = line + strspn(line, " \t");
        if (strncmp(p, "<?xml", 5) == 0 || strncmp(p, "<testsuites>", 12) == 0 ||
            strncmp(p, "</testsuites>", 13) == 0)
            continue;
        fputs(line, out);
    }
    int err = ferror(in);
    fclose(in);
    return err ? -1 : 0;
}

/* Lists the *.xml files of xml_dir in run order; returns their count (array in *out). */
static size_t list_group_files(struct group_file **out)
{
    DIR *d = opendir(xml_dir);
    size_t n = 0, cap = 0;
    struct group_file *files = NULL;
    if (!d)
        return 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        char path[8200];
        struct stat st;
        if (len < 5 || strcmp(e->d_name + len - 4, ".xml") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", xml_dir, e->d_name);
        if (stat(path, &st) != 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 8;
            struct group_file *grown = realloc(files, cap * sizeof *files);
            if (!grown)
                break;
            files = grown;
        }
        files[n].name = strdup(e->d_name);
        files[n].mtime = st.st_mtim;
        if (files[n].name)
            n++;
    }
    closedir(d);
    if (n)
        qsort(files, n, sizeof *files, group_file_cmp);
    *out = files;
    return n;
}

/* atexit hook: merge the group files into XML_OUTPUT_FILE and echo it to the log. */
static void merge_xml(void)
{
    if (getpid() != xml_pid)
        return;
    struct group_file *files = NULL;
    size_t n = list_group_files(&files);
    if (n == 0) {
        free(files);
        return; /* no cmocka group ran: let Bazel write its own test.xml */
    }

    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", xml_out);
    FILE *out = fopen(tmp, "w");
    int ok = out != NULL;
    if (ok) {
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<testsuites>\n", out);
        for (size_t i = 0; i < n && ok; i++) {
            char path[8200];
            snprintf(path, sizeof path, "%s/%s", xml_dir, files[i].name);
            ok = copy_suites(path, out) == 0;
        }
        fputs("</testsuites>\n", out);
        ok = fclose(out) == 0 && ok;
    }
    for (size_t i = 0; i < n; i++)
        free(files[i].name);
    free(files);

    if (!ok || rename(tmp, xml_out) != 0) {
        fprintf(stderr, "cmocka_xml: cannot write %s\n", xml_out);
        remove(tmp);
        return;
    }
    /* cmocka prints nothing in XML mode: show the cases in test.log too. */
    fflush(stdout);
    copy_suites(xml_out, stdout);
}

__attribute__((constructor)) static void setup_xml(void)
{
    xml_out = getenv("XML_OUTPUT_FILE");
    if (!xml_out || !*xml_out || getenv("CMOCKA_XML_FILE"))
        return; /* not under `bazel test`, or the caller chose a file itself */
    const char *tmpdir = getenv("TEST_TMPDIR");
    snprintf(xml_dir, sizeof xml_dir, "%s/cmocka_xml.%ld", tmpdir && *tmpdir ? tmpdir : "/tmp",
             (long)getpid());
    if (mkdir(xml_dir, 0700) != 0)
        return;

    char pattern[4200];
    snprintf(pattern, sizeof pattern, "%s/%%g.xml", xml_dir);
    setenv("CMOCKA_MESSAGE_OUTPUT", "xml", 1);
    setenv("CMOCKA_XML_FILE", pattern, 1);
    xml_pid = getpid();
    atexit(merge_xml);
}
