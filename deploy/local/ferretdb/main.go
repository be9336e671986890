// Command ferretdb-runner serves the MongoDB wire protocol on SQLite files for local development.
//
// It embeds FerretDB 1.24.2 as a library because `go install .../cmd/ferretdb` panics at start
// (the released command expects a version file produced by FerretDB's own build).
package main

import (
	"context"
	"flag"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", "data", "directory for the SQLite database files")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fatal("bad -log-level", err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	absDir, err := filepath.Abs(*dir)
	if err != nil {
		fatal("bad -dir", err)
	}
	if err := os.MkdirAll(absDir, 0o755); err != nil {
		fatal("cannot create -dir", err)
	}

	// FerretDB listens on a Unix socket; clients reach it through the write-serialising proxy.
	socket := filepath.Join(absDir, "ferretdb.sock")
	_ = os.Remove(socket)
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{Unix: socket},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + absDir + "/", // FerretDB wants a directory URI ending in a slash
	})
	if err != nil {
		fatal("cannot start FerretDB", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()

	listener, err := net.Listen("tcp", *addr)
	if err != nil {
		fatal("cannot listen", err)
	}
	go func() {
		<-ctx.Done()
		listener.Close()
	}()
	go func() {
		if err := (&proxy{upstream: socket, logger: logger}).serve(listener); err != nil {
			fatal("proxy stopped", err)
		}
	}()

	logger.Warn("ferretdb-runner listening", "addr", *addr, "dir", absDir)
	if err := f.Run(ctx); err != nil {
		fatal("FerretDB stopped", err)
	}
	logger.Warn("ferretdb-runner stopped")
}

func fatal(msg string, err error) {
	slog.Error(msg, "error", err)
	os.Exit(1)
}
