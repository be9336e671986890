package main

// FerretDB 1.x runs an update as "query, then write" with no transaction around the two, so two
// concurrent $inc on one document can both read the old value and one increment is lost (50
// concurrent $inc gave 11). MongoDB applies each single-document update atomically, and our code
// relies on that (conditional $inc, findOneAndUpdate guards). This proxy restores it: it sits in
// front of FerretDB and lets one write command at a time through, from sending the request until
// its reply arrives. Reads pass freely; each write is a single SQL statement, so readers never see
// half of one.

import (
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"
)

const opMsg = 2013

// Commands that read and then write a document inside FerretDB.
var writeCommands = map[string]bool{
	"insert": true, "update": true, "delete": true, "findAndModify": true, "findandmodify": true,
}

type proxy struct {
	upstream string // unix socket of FerretDB
	writes   sync.Mutex
	logger   *slog.Logger
}

func (p *proxy) serve(listener net.Listener) error {
	for {
		client, err := listener.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return nil
			}
			return err
		}
		go p.handle(client)
	}
}

// pending maps a request id to the release of the write lock it holds.
type pending struct {
	mu   sync.Mutex
	held map[int32]func()
}

func (p *proxy) handle(client net.Conn) {
	defer client.Close()
	server, err := net.Dial("unix", p.upstream)
	if err != nil {
		p.logger.Error("proxy: cannot reach FerretDB", "error", err)
		return
	}
	defer server.Close()

	waiting := &pending{held: map[int32]func(){}}
	releaseAll := func() {
		waiting.mu.Lock()
		defer waiting.mu.Unlock()
		for id, release := range waiting.held {
			release()
			delete(waiting.held, id)
		}
	}
	defer releaseAll()

	done := make(chan struct{}, 2)
	// Replies: release the lock of the write they answer.
	go func() {
		defer func() { done <- struct{}{} }()
		for {
			message, err := readMessage(server)
			if err != nil {
				return
			}
			responseTo := int32(binary.LittleEndian.Uint32(message[8:12]))
			waiting.mu.Lock()
			if release, ok := waiting.held[responseTo]; ok {
				release()
				delete(waiting.held, responseTo)
			}
			waiting.mu.Unlock()
			if _, err := client.Write(message); err != nil {
				return
			}
		}
	}()
	// Requests: a write takes the global lock before it is sent.
	go func() {
		defer func() { done <- struct{}{} }()
		for {
			message, err := readMessage(client)
			if err != nil {
				return
			}
			if isWrite(message) && !moreToCome(message) {
				p.writes.Lock()
				var once sync.Once
				release := func() { once.Do(p.writes.Unlock) }
				requestID := int32(binary.LittleEndian.Uint32(message[4:8]))
				waiting.mu.Lock()
				waiting.held[requestID] = release
				waiting.mu.Unlock()
			}
			if _, err := server.Write(message); err != nil {
				return
			}
		}
	}()
	<-done
}

// readMessage reads one wire-protocol message (16-byte header with its total length first).
func readMessage(r io.Reader) ([]byte, error) {
	header := make([]byte, 16)
	if _, err := io.ReadFull(r, header); err != nil {
		return nil, err
	}
	length := int(binary.LittleEndian.Uint32(header[0:4]))
	if length < 16 || length > 48*1024*1024 {
		return nil, errors.New("bad message length")
	}
	message := make([]byte, length)
	copy(message, header)
	if _, err := io.ReadFull(r, message[16:]); err != nil {
		return nil, err
	}
	return message, nil
}

// isWrite tells whether an OP_MSG's command (the first key of its body document) is a write.
func isWrite(message []byte) bool {
	if int32(binary.LittleEndian.Uint32(message[12:16])) != opMsg || len(message) < 16+4+1+4+1 {
		return false
	}
	body := message[16+4:] // after the flag bits
	if body[0] != 0 {       // section kind 0: the body document comes first
		return false
	}
	document := body[1:]
	// document: int32 length, then elements: type byte, cstring name, value.
	name := document[4+1:]
	end := 0
	for end < len(name) && name[end] != 0 {
		end++
	}
	return writeCommands[string(name[:end])]
}

// moreToCome: the client expects no reply (unacknowledged write), so nothing would release the lock.
func moreToCome(message []byte) bool {
	return binary.LittleEndian.Uint32(message[16:20])&2 != 0
}
